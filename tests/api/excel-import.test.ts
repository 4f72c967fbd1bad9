// Excel import: the template (headers, required marks, drop-down lists of dictionary labels),
// the preview (every row's errors from the rules a save uses, nothing stored), the two modes (only the correct
// rows / all or none), the error report, and what is refused (no add permission, not an .xlsx, too large, a
// read-only list). Imported rows belong to the importer's team and carry created_by = the importer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { oneDialect } from '../helpers/databases';
import { createTestApp, multipart, TINY_PNG, type TestApp } from '../helpers/test-app';
import { hashPassword } from '../../src/server/modules/auth/passwords';
import { DEMO, DEMO_STAFF } from '../../src/server/seed';
import { DAMAGED, MAX_ENTRY_BYTES, MAX_EXPANDED_BYTES, TOO_LARGE } from '../../src/server/modules/excel/zip-bounds';
import { filler, readZip, writeZip, type ZipPart } from '../helpers/zip';
import { withPageDefaults } from '../../src/common/schema/page-defaults';

type Row = Record<string, any>;
const M = 'attendanceManagement';
const HEADERS = ['考勤月份*', '员工*', '部门', '应出勤（天）*', '实出勤（天）*', '旷工（天）', '迟到（次）', '备注'];

describe.each(oneDialect())('Excel import on $name', (dialect) => {
  let t: TestApp;
  let boss: string;
  let staff: string;
  let outsider: string;
  let bossId: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    boss = await t.login(DEMO.username, DEMO.password);
    staff = await t.login(DEMO_STAFF.username, DEMO_STAFF.password);
    bossId = (
      await t.db.selectFrom('users').select('id').where('username', '=', DEMO.username).executeTakeFirstOrThrow()
    ).id;
    await t.db
      .insertInto('users')
      .values({
        username: 'importer2',
        mobile: '13933330077',
        nick_name: '别家导入',
        password_hash: await hashPassword('secret123'),
        status: 'active',
      })
      .execute();
    outsider = await t.login('importer2', 'secret123');
    const r = await t.call(
      'POST',
      '/api/admin/systenant/createTenant',
      {
        tenantName: '别家导入公司',
        tenantType: 'enterprise',
        verification: { creditCode: '91350100M000100Y43', companyName: '别家导入公司', legalPerson: '王五' },
      },
      outsider,
    );
    expect(r.status, r.message).toBe(200);
  });
  afterAll(async () => t?.close());

  async function download(module: string, token: string) {
    return t.app.inject({ method: 'GET', url: `/api/data/${module}/import/template`, headers: { Satoken: token } });
  }
  async function send(
    op: 'import/preview' | 'import',
    file: { bytes: Buffer; name: string; type?: string },
    token: string,
    query = '',
    module = M,
  ) {
    const form = await multipart({ file });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/data/${module}/${op}${query}`,
      headers: { ...form.headers, Satoken: token },
      payload: form.payload,
    });
    expect(res.statusCode).toBeLessThan(500);
    return res.json() as { status: number; message: string; data: Row };
  }
  const xlsx = (bytes: Buffer) => ({
    bytes,
    name: '考勤导入.xlsx',
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });

  /** The downloaded template, filled with `rows` (values by header) as a user would in Excel. */
  async function filled(rows: Row[], module = M) {
    const res = await download(module, boss);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('导入数据')!;
    const headers = (ws.getRow(1).values as unknown[]).slice(1).map(String);
    for (const r of rows) for (const h of Object.keys(r)) expect(headers, `template of ${module}`).toContain(h);
    rows.forEach((r, i) =>
      headers.forEach((h, c) => {
        if (r[h] !== undefined) ws.getCell(i + 2, c + 1).value = r[h];
      }),
    );
    return Buffer.from(await wb.xlsx.writeBuffer());
  }

  // 20 rows in months no demo record uses; rows 5, 12 and 18 (Excel rows 6, 13, 19) are wrong.
  const people = ['演示用户', '张三', '李四'];
  function twentyRows(year: number): Row[] {
    const rows: Row[] = [];
    for (let i = 0; i < 20; i++) {
      rows.push({
        '考勤月份*': `${year}-${String(Math.floor(i / 3) + 1).padStart(2, '0')}`,
        '员工*': people[i % 3],
        部门: '业务部',
        '应出勤（天）*': 22,
        '实出勤（天）*': 21,
        '旷工（天）': 0,
        '迟到（次）': i % 4,
        备注: `导入第${i + 1}条`,
      });
    }
    rows[4]['员工*'] = '王不存在';
    rows[11]['实出勤（天）*'] = 25;
    // The same person and month as row 17 (i = 16: 张三, month 6).
    rows[17] = { ...rows[16], 备注: '重复' };
    rows[18]['考勤月份*'] = `${year}-07`;
    return rows;
  }
  const expectedErrors = [
    { rowNumber: 6, errors: ['员工：没有名为“王不存在”的选项'] },
    { rowNumber: 13, errors: ['实出勤天数不能大于应出勤天数'] },
    { rowNumber: 19, errors: ['该员工该月的考勤已存在'] },
  ];
  const storedOf = async (year: number) =>
    (
      await sql<{ id: number; tenant_code: string; created_by: number; data: Row }>`
    SELECT id, tenant_code, created_by, data FROM records WHERE module = ${M} AND deleted_at IS NULL AND data->>'month' LIKE ${`${year}-%`}`.execute(
        t.db,
      )
    ).rows;

  it("serves a template with the add form's headers, required marks and the dictionary labels as drop-down lists", async () => {
    const res = await download(M, boss);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain('考勤管理-导入模板.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('导入数据')!;
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(HEADERS);
    // Computed and aggregated fields (请假天数, 加班小时, 补卡次数) are not asked for.
    expect(HEADERS.join()).not.toContain('请假');
    const validations = (ws as any).dataValidations.model as Record<string, { type: string; formulae: string[] }>;
    const listOf = (col: string) => {
      const hit = Object.entries(validations).find(([range]) => range.startsWith(`${col}2`));
      expect(hit, `a list validation on column ${col}`).toBeTruthy();
      expect(hit![1].type).toBe('list');
      const f = hit![1].formulae[0];
      if (f.startsWith('"')) return f.slice(1, -1).split(',');
      const [, sheet, from, to] = /^(.+)!\$([A-Z]+)\$1:\$[A-Z]+\$(\d+)$/.exec(f)!;
      return Array.from({ length: Number(to) }, (_, i) =>
        String(wb.getWorksheet(sheet)!.getCell(`${from}${i + 1}`).value),
      );
    };
    expect(listOf('B')).toEqual(expect.arrayContaining(people));
    expect(listOf('C')).toEqual(expect.arrayContaining(['总经办', '业务部', '行政财务部']));
    expect(ws.getColumn(1).numFmt).toBe('yyyy-mm');
    expect(String(wb.getWorksheet('说明')!.getCell('A1').value)).toBe('考勤管理导入模板');
  });

  it('every list offering 导入 serves its template to its adders', async () => {
    const files = fs
      .readdirSync('schemas', { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.json') && f !== 'page.schema.json');
    // As the server reads them, defaults filled in: the import button's code is the default one (an import is an add).
    const offering = files
      .map((f) => withPageDefaults(JSON.parse(fs.readFileSync(path.join('schemas', f), 'utf8'))))
      .filter((sc) => sc.list?.actions?.some((b: Row) => b.action === 'import'));
    expect(offering.map((sc) => sc.module).sort()).toEqual([
      'attendanceManagement',
      'employeeFiles',
      'materialDictionary',
      'partnerInfo',
      'reimburseManage',
      'storageinit',
      'storeSetting',
    ]);
    for (const sc of offering) {
      expect(sc.list.actions.find((b: Row) => b.action === 'import').permissionCode).toBe(`${sc.module}:add`);
      const res = await download(sc.module, boss);
      expect(res.statusCode, `${sc.module}: ${res.body.slice(0, 200)}`).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      expect((wb.getWorksheet('导入数据')!.getRow(1).values as unknown[]).length, sc.module).toBeGreaterThan(2);
    }
  });

  it('previews 20 rows: exactly the 3 wrong ones with their messages, and stores nothing', async () => {
    const bytes = await filled(twentyRows(2011));
    const r = await send('import/preview', xlsx(bytes), boss);
    expect(r.status, r.message).toBe(200);
    expect(r.data).toMatchObject({ total: 20, valid: 17, invalid: 3 });
    expect(r.data.rows).toHaveLength(20);
    expect(
      r.data.rows.filter((x: Row) => x.errors.length).map((x: Row) => ({ rowNumber: x.rowNumber, errors: x.errors })),
    ).toEqual(expectedErrors);
    expect(r.data.rows[0].values).toMatchObject({ '员工*': '演示用户', '考勤月份*': '2011-01' });
    expect(await storedOf(2011)).toHaveLength(0);
  });

  it('all or nothing: with 3 wrong rows stores none and reports them', async () => {
    const r = await send('import', xlsx(await filled(twentyRows(2012))), boss, '?mode=all');
    expect(r.status, r.message).toBe(200);
    expect(r.message).toBe('有 3 行错误，全部未导入');
    expect(r.data).toMatchObject({ mode: 'all', total: 20, imported: 0, failed: 3 });
    expect(r.data.rows.map((x: Row) => ({ rowNumber: x.rowNumber, errors: x.errors }))).toEqual(expectedErrors);
    expect(await storedOf(2012)).toHaveLength(0);
  });

  it("only the correct rows: stores 17 as the importer's, in his team only, and returns an error report", async () => {
    const r = await send('import', xlsx(await filled(twentyRows(2013))), boss, '?mode=valid');
    expect(r.status, r.message).toBe(200);
    expect(r.message).toBe('已导入 17 条，3 行有错误未导入');
    expect(r.data).toMatchObject({ mode: 'valid', total: 20, imported: 17, failed: 3 });
    const stored = await storedOf(2013);
    expect(stored).toHaveLength(17);
    expect(new Set(stored.map((x) => x.created_by))).toEqual(new Set([bossId]));
    expect(new Set(stored.map((x) => x.tenant_code))).toEqual(new Set([DEMO.tenantCode]));
    // Stored as if added by hand: names beside the ids, the page's initial stage, a code.
    const first = stored.find((x) => x.data.remark === '导入第1条')!;
    expect(first.data).toMatchObject({
      month: '2013-01',
      userIdName: '演示用户',
      deptIdName: '业务部',
      shouldDays: 22,
      actualDays: 21,
      stage: '待确认',
    });
    const listed = await t.call(
      'POST',
      `/api/data/${M}/page`,
      { pageNum: 1, pageSize: 50, keyword: '导入第1条' },
      boss,
    );
    expect(listed.data.list.map((x: Row) => x.month)).toContain('2013-01');

    // The error report: the failed rows as filled, with 错误原因.
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(r.data.errorReport, 'base64') as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('导入数据')!;
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual([...HEADERS, '错误原因']);
    expect(ws.actualRowCount).toBe(4);
    expect(ws.getCell(2, 2).value).toBe('王不存在');
    expect(ws.getCell(2, HEADERS.length + 1).value).toBe('第6行：员工：没有名为“王不存在”的选项');
    expect(ws.getCell(4, HEADERS.length + 1).value).toBe('第19行：该员工该月的考勤已存在');
    expect(r.data.errorReportName).toBe('考勤管理-导入错误报告.xlsx');

    // Re-sending the same file changes nothing: every row is now a duplicate (or was wrong already).
    const again = await send('import', xlsx(await filled(twentyRows(2013))), boss, '?mode=valid');
    expect(again.data).toMatchObject({ imported: 0, failed: 20 });
    expect(await storedOf(2013)).toHaveLength(17);

    // The other team sees none of them.
    const other = await t.call('POST', `/api/data/${M}/page`, { pageNum: 1, pageSize: 50 }, outsider);
    expect(other.status).toBe(200);
    expect(other.data.list.filter((x: Row) => String(x.month).startsWith('2013'))).toHaveLength(0);
  });

  it('all or nothing with only correct rows stores them all', async () => {
    const rows = twentyRows(2014).filter((_, i) => ![4, 11, 17].includes(i));
    const r = await send('import', xlsx(await filled(rows)), boss, '?mode=all');
    expect(r.data).toMatchObject({ imported: 17, failed: 0, errorReport: null });
    expect(r.message).toBe('已导入 17 条');
    expect(await storedOf(2014)).toHaveLength(17);
  });

  it('imports records with line items: rows that fill only the line columns add lines to the record above', async () => {
    // Two warehouses through the import too (a switch column read from 是/否).
    const wh = await send(
      'import',
      xlsx(
        await filled(
          [
            {
              '仓库名称*': '导入测试一仓',
              '仓库类型*': '原材料仓',
              '仓管员*': '演示用户',
              允许负库存: '否',
              '库位-库位编码*': 'A-01',
            },
            { '仓库名称*': '导入测试二仓', '仓库类型*': '配件仓', '仓管员*': '张三', 允许负库存: '是' },
          ],
          'storeSetting',
        ),
      ),
      boss,
      '?mode=all',
      'storeSetting',
    );
    expect(wh.data, JSON.stringify(wh.data.rows)).toMatchObject({ imported: 2, failed: 0 });
    const houses = (
      await t.call('POST', '/api/data/storeSetting/page', { pageNum: 1, pageSize: 50, keyword: '导入测试' }, boss)
    ).data.list;
    expect(houses.map((x: Row) => [x.warehouseName, x.allowNegative, x.keeperIdName]).sort()).toEqual([
      ['导入测试一仓', false, '演示用户'],
      ['导入测试二仓', true, '张三'],
    ]);

    const mats = (await t.call('POST', '/api/data/materialDictionary/page', { pageNum: 1, pageSize: 2 }, boss)).data
      .list as Row[];
    const label = (x: Row) =>
      [x.dictCode, x.dictName, x.spec].filter((v) => v !== undefined && v !== null && v !== '').join(' ');
    const today = new Date().toISOString().slice(0, 10);
    const head = { '启用日期*': today, '经办人*': '演示用户' };
    const r = await send(
      'import',
      xlsx(
        await filled(
          [
            {
              '仓库*': '导入测试一仓',
              ...head,
              '期初明细-物料*': label(mats[0]),
              '期初明细-数量*': 10,
              '期初明细-单价*': 5,
              '期初明细-库位': 'A-01',
            },
            { '期初明细-物料*': mats[1].dictCode, '期初明细-数量*': 3, '期初明细-单价*': 2 },
            {
              '仓库*': '导入测试二仓',
              ...head,
              '期初明细-物料*': label(mats[0]),
              '期初明细-数量*': -1,
              '期初明细-单价*': 1,
            },
            { '期初明细-物料*': label(mats[1]), '期初明细-数量*': 1, '期初明细-单价*': 1 },
            {
              '仓库*': '不存在的仓',
              ...head,
              '期初明细-物料*': label(mats[0]),
              '期初明细-数量*': 1,
              '期初明细-单价*': 1,
            },
          ],
          'storageinit',
        ),
      ),
      boss,
      '?mode=valid',
      'storageinit',
    );
    expect(r.status, r.message).toBe(200);
    expect(r.data).toMatchObject({ total: 5, imported: 2, failed: 3 });
    const errs = Object.fromEntries(r.data.rows.map((x: Row) => [x.rowNumber, x.errors]));
    // The line cell's range, as the form says it, with the line and column it is about.
    expect(errs[4]).toEqual(['期初明细第1行数量：请输入正确的数字']);
    expect(errs[5]).toEqual(['与第4行同属一条记录，该记录有错误未导入']);
    expect(errs[6]).toEqual(['仓库：没有名为“不存在的仓”的选项']);
    const stored = (
      await sql<{
        data: Row;
        lines: Row[];
        created_by: number;
      }>`SELECT data, lines, created_by FROM records WHERE module = 'storageinit' AND deleted_at IS NULL
      AND data->>'warehouseIdName' LIKE '导入测试%'`.execute(t.db)
    ).rows;
    expect(stored).toHaveLength(1);
    expect(stored[0].created_by).toBe(bossId);
    expect(stored[0].data).toMatchObject({
      warehouseIdName: '导入测试一仓',
      itemCount: 2,
      totalPrice: 56,
      initStage: '草稿',
    });
    expect(stored[0].lines.map((l) => [l.materialId, l.quantity, l.unitPrice, l.location ?? null])).toEqual([
      [mats[0].id, 10, 5, 'A-01'],
      [mats[1].id, 3, 2, null],
    ]);
  });

  it('refuses without the add permission, a read-only list, other files, too large a file and a missing mode', async () => {
    const noAdd = await t.call('GET', `/api/data/materialStorage/import/template`, undefined, boss);
    expect(noAdd.status).toBe(403);
    expect(noAdd.message).toBe('该列表只读：其中的记录由系统生成');
    const notAddable = await t.call('GET', `/api/data/propMake/import/template`, undefined, boss);
    expect(notAddable.status).toBe(403);

    const png = await send('import/preview', { bytes: TINY_PNG, name: 'a.xlsx' }, boss);
    expect(png).toMatchObject({ status: 400, message: '请上传 Excel 文件（.xlsx），可先下载导入模板' });
    const text = await send(
      'import/preview',
      { bytes: Buffer.from('员工,月份\n张三,2020-01\n'), name: 'a.csv', type: 'text/csv' },
      boss,
    );
    expect(text.status).toBe(400);
    // A broken zip that starts like one.
    const broken = await send(
      'import/preview',
      { bytes: Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)]), name: 'b.xlsx' },
      boss,
    );
    expect(broken.status).toBe(400);
    const big = await send('import/preview', { bytes: Buffer.alloc(10 * 1024 * 1024 + 10, 1), name: 'big.xlsx' }, boss);
    expect(big).toMatchObject({ status: 413, message: '文件大小不能超过10MB' });
    const noMode = await send('import', xlsx(await filled(twentyRows(2015).slice(0, 2))), boss);
    expect(noMode.status).toBe(400);
    expect(await storedOf(2015)).toHaveLength(0);
    // A zip whose parts declare an expansion no sheet needs is refused before anything is inflated.
    const bomb = Buffer.from(await filled(twentyRows(2015).slice(0, 1)));
    for (
      let i = bomb.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
      i >= 0;
      i = bomb.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), i + 4)
    )
      bomb.writeUInt32LE(0x7fffffff, i + 24);
    expect(await send('import/preview', xlsx(bomb), boss)).toMatchObject({ status: 400, message: TOO_LARGE });
    // More than 5,000 rows.
    const many = new ExcelJS.Workbook();
    const sheet = many.addWorksheet('导入数据');
    sheet.addRow(HEADERS);
    for (let i = 0; i < 5001; i++) sheet.addRow(['2017-01', '张三', '业务部', 22, 21]);
    expect(await send('import/preview', xlsx(Buffer.from(await many.xlsx.writeBuffer())), boss)).toMatchObject({
      status: 400,
      message: '一次最多导入5000行，请分批导入',
    });
    // A sheet that is not the template.
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Sheet1').addRow(['foo', 'bar']).commit();
    wb.getWorksheet('Sheet1')!.addRow([1, 2]);
    const foreign = await send('import/preview', xlsx(Buffer.from(await wb.xlsx.writeBuffer())), boss);
    expect(foreign).toMatchObject({ status: 400, message: '表头与导入模板不符，请下载导入模板后填写' });
    // Anonymous.
    const anon = await t.app.inject({ method: 'GET', url: `/api/data/${M}/import/template` });
    expect(anon.json().status).toBe(10015);
  });

  it('refuses a zip bomb whose headers declare small parts, by the bytes it really inflates to, and imports after it', async () => {
    const parts = readZip(await filled(twentyRows(2018).slice(0, 2)));
    const sheet = parts.findIndex((p) => p.name === 'xl/worksheets/sheet1.xml');
    expect(sheet).toBeGreaterThanOrEqual(0);
    const mb = 1024 * 1024;
    /** The template with its data sheet padded by `padding` bytes of spaces inside an XML comment, declared 1,000 bytes (null: truly). */
    const withPaddedSheet = (padding: number, extra: ZipPart[] = [], declared: number | null = 1000) => {
      const xml = parts[sheet].data;
      const head = xml.indexOf('?>') + 2;
      return writeZip([
        ...parts.map(
          (p, i): ZipPart =>
            i === sheet
              ? {
                  name: p.name,
                  chunks: [
                    xml.subarray(0, head),
                    Buffer.from('<!--'),
                    ...filler(padding),
                    Buffer.from('-->'),
                    xml.subarray(head),
                  ],
                  declaredSize: declared ?? undefined,
                }
              : { name: p.name, chunks: [p.data] },
        ),
        ...extra,
      ]);
    };
    // The probe's file: a few hundred KB whose sheet declares 1,000 bytes and inflates to 300 MB.
    const probe = await withPaddedSheet(300 * mb);
    expect(probe.length).toBeLessThan(1024 * 1024);
    expect(await send('import/preview', xlsx(probe), boss)).toEqual({ status: 400, message: TOO_LARGE, data: null });
    // One part past its own bound, all within the total.
    expect(await send('import/preview', xlsx(await withPaddedSheet(MAX_ENTRY_BYTES + mb)), boss)).toMatchObject({
      status: 400,
      message: TOO_LARGE,
    });
    // Parts each within their bound whose sum is past the total (declared truly: refused before any inflating).
    const media = [1, 2, 3].map(
      (n): ZipPart => ({ name: `xl/media/pad${n}.bin`, chunks: filler(MAX_EXPANDED_BYTES / 3 + mb, 0) }),
    );
    expect(await send('import/preview', xlsx(await withPaddedSheet(0, media, null)), boss)).toMatchObject({
      status: 400,
      message: TOO_LARGE,
    });
    // The same template put back together honestly (a little padding, true sizes) imports as ever.
    const honest = await writeZip(parts.map((p): ZipPart => ({ name: p.name, chunks: [p.data] })));
    const preview = await send('import/preview', xlsx(honest), boss);
    expect(preview.status, preview.message).toBe(200);
    expect(preview.data).toMatchObject({ total: 2, valid: 2, invalid: 0 });
    const padded = await send('import/preview', xlsx(await withPaddedSheet(mb, [], null)), boss);
    expect(padded.data, padded.message).toMatchObject({ total: 2, valid: 2 });
    // Within the bounds but not the size it declares: a damaged file (jszip would inflate it all, then refuse it).
    expect(await send('import/preview', xlsx(await withPaddedSheet(mb)), boss)).toMatchObject({
      status: 400,
      message: DAMAGED,
    });
  });

  it('refuses a member whose roles do not grant <module>:add', async () => {
    // A role that only views attendance: 张三 gets it instead of his own.
    const staffId = (
      await t.db.selectFrom('users').select('id').where('username', '=', DEMO_STAFF.username).executeTakeFirstOrThrow()
    ).id;
    const role = await t.db
      .insertInto('roles')
      .values({
        tenant_code: DEMO.tenantCode,
        role_name: '只读考勤',
        role_key: 'attendanceReader',
        menus: [M],
        permissions: [`${M}:view`],
      } as any)
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .deleteFrom('user_roles')
      .where('tenant_code', '=', DEMO.tenantCode)
      .where('user_id', '=', staffId)
      .execute();
    await t.db
      .insertInto('user_roles')
      .values({ tenant_code: DEMO.tenantCode, user_id: staffId, role_id: role.id } as any)
      .execute();
    const again = await t.login(DEMO_STAFF.username, DEMO_STAFF.password);
    const r = await t.call('GET', `/api/data/${M}/import/template`, undefined, again);
    expect(r.status).toBe(403);
    const p = await send('import/preview', xlsx(await filled(twentyRows(2016).slice(0, 1))), again);
    expect(p.status).toBe(403);
    expect(staff).toBeTruthy();
  });
});
