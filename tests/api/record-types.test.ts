// Every stored value has its field's type: malformed input is refused with 400 and a Chinese message
// naming the field (or the line cell), and nothing is stored. Uploads point at files of the record's
// team only. The 费用类型 search finds records by their line items, a parent type by its children too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../helpers/databases';
import { createTestApp, dictItemId, multipart, TINY_PNG, type TestApp } from '../helpers/test-app';
import { DEMO } from '../../src/server/seed';
import { withTenant } from '../../src/server/db/tenant-scope';
import { hashPassword } from '../../src/server/modules/auth/passwords';
import { SchemaRegistry, type ModuleSchema } from '../../src/server/modules/records/schema-registry';
import { checkUploads } from '../../src/server/modules/files/uploads';
import { dictToOptions } from '../../src/common/schema/dictionary';
import { toFilters } from '../../src/web/engine/list/filters';

const M = '/api/data/reimburseManage';

describe.each(testDialects())('record value types on $name', (dialect) => {
  let t: TestApp;
  let boss: string; // demo: owner of 演示企业
  let other: string; // owner of another team
  let dict: Record<string, any[]>;
  let m: ModuleSchema;
  const today = new Date().toISOString().slice(0, 10);

  const upload = async (token: string, name = '发票.png') => {
    const body = await multipart({ multipartFile: { bytes: TINY_PNG, name, type: 'image/png' } });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/fileUtil/uploadFile',
      headers: { ...body.headers, Satoken: token },
      payload: body.payload,
    });
    return res.json().data as { url: string; name: string; id: number };
  };

  let preTeamFile: { url: string; name: string };
  beforeAll(async () => {
    t = await createTestApp(dialect);
    boss = await t.login(DEMO.username, DEMO.password);
    await t.db
      .insertInto('users')
      .values({
        username: 'other',
        mobile: '13933330002',
        nick_name: '别家',
        password_hash: await hashPassword('secret123'),
        status: 'active',
      })
      .execute();
    other = await t.login('other', 'secret123');
    preTeamFile = await upload(other, '身份证.png'); // uploaded before 别家 has a team
    await t.call(
      'POST',
      '/api/admin/systenant/createTenant',
      {
        tenantName: '别家公司',
        tenantType: 'enterprise',
        verification: { creditCode: '91350100M000100Y43', companyName: '别家公司', legalPerson: '王五' },
      },
      other,
    );
    dict = (
      await t.call(
        'POST',
        '/api/admin/sysmenuListFieldDict/queryByFieldKeys',
        ['dept', 'expenseType', 'teamMembers'],
        boss,
      )
    ).data;
    m = new SchemaRegistry(t.config.schemasDir).get('reimburseManage')!;
  });
  afterAll(async () => t?.close());

  const id = (key: string, name: string) => dictItemId(dict, key, name);
  const line = (over: object = {}) => ({
    expenseType: id('expenseType', '办公费'),
    occurDate: today,
    price: 100.5,
    description: '纸',
    ...over,
  });
  const body = (over: object = {}) => ({
    applicantId: id('teamMembers', '演示用户'),
    deptId: id('dept', '业务部'),
    applyDate: today,
    reason: '类型检查',
    lines: [line()],
    ...over,
  });
  const add = (over: object = {}) => t.call('POST', `${M}/add`, body(over), boss);
  const total = async () => (await t.call('POST', `${M}/page`, { pageNum: 1, pageSize: 1 }, boss)).data.total as number;
  // The lines' title reaches the message once the save path passes it (费用明细第1行…); 明细第1行… until then.
  const cell = (rest: string) => new RegExp(`^(费用)?明细${rest}$`);

  it('refuses malformed values with 400 and a message naming the field, storing nothing', async () => {
    const before = await total();
    const cases: [object, string | RegExp][] = [
      [{ applyDate: true }, '报销日期格式不正确'],
      [{ applyDate: '2026-02-30' }, '报销日期格式不正确'],
      [{ applyDate: '2026/11/20' }, '报销日期格式不正确'],
      [{ applyDate: 1763596800000 }, '报销日期格式不正确'],
      [{ reason: {} }, '事由不能为空'],
      [{ reason: { text: '事由' } }, '事由格式不正确'],
      [{ reason: ['事由'] }, '事由格式不正确'],
      [{ reason: 123 }, '事由格式不正确'],
      [{ remark: {} }, '备注格式不正确'],
      [{ bankName: false }, '开户行格式不正确'],
      [{ applicantId: {} }, '报销人不能为空'],
      [{ applicantId: { id: 1 } }, '报销人格式不正确'],
      [{ paymentMethod: {} }, '付款方式格式不正确'],
      [{ deptId: [id('dept', '业务部')] }, '部门格式不正确'],
      [{ paymentMethod: true }, '付款方式格式不正确'],
      [{ advanceCode: 'JZ000', offsetPrice: '1e5' }, '冲借支金额格式不正确'],
      [{ advanceCode: 'JZ000', offsetPrice: 'Infinity' }, '冲借支金额格式不正确'],
      [{ advanceCode: 'JZ000', offsetPrice: '0x10' }, '冲借支金额格式不正确'],
      [{ advanceCode: 'JZ000', offsetPrice: ' 12 ' }, '冲借支金额格式不正确'],
      [{ advanceCode: 'JZ000', offsetPrice: true }, '冲借支金额格式不正确'],
      [{ attachments: 'a.png' }, '附件格式不正确'],
      [{ attachments: [{ url: 'javascript:alert(1)', name: 'x' }] }, '附件格式不正确'],
      [{ attachments: [{ url: 'http://evil.example/x.png', name: 'x.png' }] }, '附件格式不正确'],
      [{ attachments: [{ name: 'x.png' }] }, '附件格式不正确'],
      [
        { attachments: Array.from({ length: 6 }, (_, i) => ({ url: `/api/files/${i + 1}/a.png` })) },
        '附件：最多只能上传5个文件',
      ],
      [{ lines: [line({ occurDate: 'not-a-date' })] }, cell('第1行发生日期格式不正确')],
      [{ lines: [line(), line({ occurDate: '2026-13-01' })] }, cell('第2行发生日期格式不正确')],
      [{ lines: [line({ expenseType: {} })] }, cell('第1行费用类型格式不正确')],
      [{ lines: [line({ description: 5 })] }, cell('第1行说明格式不正确')],
      [{ lines: [line({ description: 'x'.repeat(101) })] }, cell('第1行说明：最大输入长度为100')],
      [{ lines: [line({ price: '1e5' })] }, cell('第1行金额格式不正确')],
      [{ lines: [line({ price: 'abc' })] }, cell('第1行金额格式不正确')],
      [{ lines: [line({ price: 'Infinity' })] }, cell('第1行金额格式不正确')],
      [{ lines: [line(), line({ price: -1 })] }, cell('第2行金额：请输入正确的数字')],
      [{ lines: [line({ price: 0 })] }, cell('第1行金额：请输入0.01-999999999.99之间的数字')],
      [{ lines: [line({ price: '0' })] }, cell('第1行金额：请输入0.01-999999999.99之间的数字')],
      [{ lines: [line({ price: 1000000000 })] }, cell('第1行金额：请输入0.01-999999999.99之间的数字')],
      [{ lines: [line({ invoiceImages: [{ url: 'javascript:alert(1)' }] })] }, cell('第1行票据格式不正确')],
      [{ lines: [line({ invoiceImages: 'x.png' })] }, cell('第1行票据格式不正确')],
    ];
    for (const [over, message] of cases) {
      const r = await add(over);
      expect(r.status, JSON.stringify(over)).toBe(400);
      expect(r.message, JSON.stringify(over)).toMatch(message instanceof RegExp ? message : new RegExp(`^${message}$`));
      expect(r.data).toBeNull();
    }
    expect(await total()).toBe(before);
  });

  it('an update is checked the same way and changes nothing', async () => {
    const r = await add();
    expect(r.status, r.message).toBe(200);
    const upd = await t.call('POST', `${M}/update`, { ...r.data, applyDate: 'not-a-date' }, boss);
    expect(upd).toMatchObject({ status: 400, message: '报销日期格式不正确' });
    expect((await t.call('GET', `${M}/get?id=${r.data.id}`, undefined, boss)).data.applyDate).toBe(today);
  });

  it('still saves well-formed values, at the edges of the ranges', async () => {
    const file = await upload(boss);
    const r = await add({
      applyDate: '2024-02-29',
      remark: '备注',
      attachments: [{ url: file.url, name: file.name }],
      lines: [
        line({ price: '0.01' }),
        line({ price: 999999999.99, occurDate: '2024-02-29', invoiceImages: [{ url: file.url, name: file.name }] }),
      ],
    });
    expect(r.status, r.message).toBe(200);
    expect(r.data).toMatchObject({
      applyDate: '2024-02-29',
      totalPrice: 1000000000,
      attachments: [{ url: file.url, name: file.name }],
    });
    expect(r.data.lines.map((l: any) => Number(l.price))).toEqual([0.01, 999999999.99]);
  });

  describe('checkUploads: files of this team only', () => {
    const check = (data: Record<string, unknown>, lines: Record<string, unknown>[] = [], title?: string) =>
      withTenant(t.db, DEMO.tenantCode, (trx) =>
        checkUploads(trx, DEMO.tenantCode, m.fields, m.lineColumns, data, lines, title),
      );

    it("accepts the team's own files, on the field and in line cells", async () => {
      const a = await upload(boss, '附件.pdf.png');
      const b = await upload(boss, '票据 1.png');
      // Answered once each, with their uploader: what the save links to its record (db/record-files.ts).
      const named = await check({ attachments: [{ url: a.url, name: a.name }, { url: b.url }] }, [
        { invoiceImages: [{ url: b.url, name: b.name }] },
        {},
      ]);
      expect(named.map((f) => f.id).sort((x, y) => x - y)).toEqual([a.id, b.id].sort((x, y) => x - y));
      expect(new Set(named.map((f) => f.uploadedBy)).size).toBe(1);
      await expect(check({ attachments: [] }, [{ invoiceImages: null }])).resolves.toEqual([]);
    });

    it("refuses another team's file, a pre-team file, a missing file and altered addresses, naming the field", async () => {
      const mine = await upload(boss);
      const theirs = await upload(other);
      const refused: [Record<string, unknown>, string][] = [
        [{ attachments: [{ url: theirs.url, name: theirs.name }] }, '附件的文件不存在'],
        [{ attachments: [{ url: preTeamFile.url }] }, '附件的文件不存在'],
        [{ attachments: [{ url: mine.url }, { url: '/api/files/987654/x.png' }] }, '附件的文件不存在'],
        [{ attachments: [{ url: `${mine.url.replace(/\/[^/]+$/, '/other-name.png')}` }] }, '附件的文件不存在'],
        [{ attachments: [{ url: `/api/files/${mine.id}/../../evil` }] }, '附件的文件不存在'],
        [{ attachments: [{ url: `/api/files/${mine.id}` }] }, '附件的文件不存在'],
        [{ attachments: [{ url: 'https://evil.example/x.png' }] }, '附件格式不正确'],
        [{ attachments: [{ url: 'javascript:alert(1)' }] }, '附件格式不正确'],
        [{ attachments: { url: mine.url } }, '附件格式不正确'],
      ];
      for (const [data, message] of refused) {
        await expect(check(data), JSON.stringify(data)).rejects.toMatchObject({ status: 400, message });
      }
      await expect(
        check({}, [{ invoiceImages: [{ url: mine.url }] }, { invoiceImages: [{ url: theirs.url }] }], '费用明细'),
      ).rejects.toMatchObject({ status: 400, message: '费用明细第2行票据的文件不存在' });
      await expect(check({}, [{ invoiceImages: [{ url: theirs.url }] }])).rejects.toMatchObject({
        status: 400,
        message: '明细第1行票据的文件不存在',
      });
    });
  });

  describe('费用类型 search on the line items', () => {
    it("finds records whose lines carry the type; a parent type finds its children's lines", async () => {
      const tag = `线-${dialect.name}`;
      const mk = (reason: string, ...types: string[]) =>
        add({ reason: `${tag}${reason}`, lines: types.map((ty) => line({ expenseType: id('expenseType', ty) })) });
      for (const r of [
        await mk('甲', '交通'),
        await mk('乙', '办公费', '住宿'),
        await mk('丙', '办公费'),
        await mk('丁', '差旅费'),
      ]) {
        expect(r.status, r.message).toBe(200);
      }
      const options = dictToOptions(dict.expenseType);
      const search = m.schema.list.search!;
      const find = async (name: string) => {
        const filters = toFilters(search, { expenseType: id('expenseType', name) }, (f) =>
          f.fieldName === 'expenseType' ? options : undefined,
        );
        expect(filters[0].field).toBe('lines.expenseType');
        const res = await t.call(
          'POST',
          `${M}/page`,
          {
            pageNum: 1,
            pageSize: 50,
            sorters: [{ field: 'code', order: 'asc' }],
            filters: [...filters, { field: 'reason', operator: 'contains', value: tag }],
          },
          boss,
        );
        expect(res.status, res.message).toBe(200);
        return res.data.list.map((r: any) => r.reason.slice(tag.length));
      };
      expect(await find('差旅费')).toEqual(['甲', '乙', '丁']);
      expect(await find('交通')).toEqual(['甲']);
      expect(await find('办公费')).toEqual(['乙', '丙']);
      expect(await find('住宿')).toEqual(['乙']);
    });
  });
});
