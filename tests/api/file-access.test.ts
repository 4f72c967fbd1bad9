// A file in a record is derived from the record: GET /api/files/:id/* (and OCR, which reads the bytes) lets through
// its uploader and those who may open a record holding it now — the gate's permission, visibility and data scope.
// A team file no record holds (a logo, an avatar, an upload whose form is not saved yet) stays the team's. A refused
// file answers 404 文件不存在, as one that does not exist. Links are written as records are saved and never taken
// away (migration 027 links the records saved before).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type RawBuilder, type Transaction } from 'kysely';
import { oneDialect } from '../helpers/databases';
import { createTestApp, dictItemId, multipart, TINY_PNG, type TestApp } from '../helpers/test-app';
import { dataApi as api } from '../helpers/records';
import { DEMO, DEMO_FINANCE, DEMO_STAFF } from '../../src/server/seed';
import { todayInChina } from '../../src/common/china-time';
import { up as recordFiles } from '../../src/server/db/migrations/027_record_files';
import type { Database } from '../../src/server/db/types';

type Upload = { url: string; name: string };

describe.each(oneDialect())('reading files through the records that hold them on $name', (dialect) => {
  let t: TestApp;
  let boss: string;
  let staff: string;
  let lisi: string;
  let hr: string;
  let colleague: string;
  let dict: Parameters<typeof dictItemId>[0];
  let suiteStart: Date;
  const today = todayInChina();
  const d = (key: string, name: string) => dictItemId(dict, key, name);

  beforeAll(async () => {
    t = await createTestApp(dialect);
    boss = await t.login(DEMO.username, DEMO.password);
    staff = await t.login(DEMO_STAFF.username, DEMO_STAFF.password);
    lisi = await t.login(DEMO_FINANCE.username, DEMO_FINANCE.password);
    hr = await t.login('zhaomin', DEMO.password);
    colleague = await t.login('liuyang', DEMO.password);
    suiteStart = new Date();
    dict = (
      await t.call(
        'POST',
        '/api/admin/sysmenuListFieldDict/queryByFieldKeys',
        ['dept', 'post', 'employeeType', 'expenseType'],
        boss,
      )
    ).data;
  });
  afterAll(async () => t?.close());

  async function upload(token: string, name: string): Promise<Upload> {
    const body = await multipart({ multipartFile: { bytes: TINY_PNG, name, type: 'image/png' } });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/fileUtil/uploadFile',
      headers: { ...body.headers, Satoken: token },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    return { url: res.json().data.url as string, name };
  }
  /** The file route's answer: 200 with the bytes, or the envelope's status (404 文件不存在). */
  async function read(url: string, token: string): Promise<number> {
    const res = await t.app.inject({ method: 'GET', url, headers: { Satoken: token } });
    if (res.headers['content-type'] === 'image/png') {
      expect(res.rawPayload.equals(TINY_PNG)).toBe(true);
      return 200;
    }
    expect(res.json()).toMatchObject({ status: 404, message: '文件不存在', data: null });
    return 404;
  }
  const ok = (r: { status: number; message: string }) => expect(r.status, r.message).toBe(200);
  const claim = (reason: string, attachments: Upload[]) => ({
    deptId: d('dept', '业务部'),
    applyDate: today,
    reason,
    attachments,
    lines: [{ expenseType: d('expenseType', '住宿'), occurDate: today, price: 300 }],
  });
  const employee = (over: object = {}) => ({
    idCardNo: '110105199003071239',
    name: '档案测试',
    mobile: '13900002222',
    jobNo: 'FA01',
    deptId: d('dept', '设计部'),
    postId: d('post', '设计师'),
    employeeType: d('employeeType', '全职'),
    entryDate: today,
    contractPeriod: [today, '2099-12-31'],
    ...over,
  });

  it('an ID scan on an employee file is read by 人事 and the owner, not by a plain member', async () => {
    const scan = await upload(hr, '身份证正面.png');
    // Before its form is saved, an upload is a team file like any other.
    expect(await read(scan.url, staff)).toBe(200);
    const made = await t.call('POST', api('employeeFiles', 'add'), employee({ attachments: [scan] }), hr);
    ok(made);
    expect(await read(scan.url, staff)).toBe(404);
    expect(await read(scan.url, colleague)).toBe(404);
    expect(await read(scan.url, boss)).toBe(200);
    expect(await read(scan.url, hr)).toBe(200);
    // 李四 is an admin of the team, but 财务 holds no employee files: the gate decides, not the admin flag.
    expect(await read(scan.url, lisi)).toBe(404);
    // 人事 reads a file another person put on a file he may open: through the gate, not as its uploader.
    const contract = await upload(boss, '劳动合同.png');
    ok(
      await t.call(
        'POST',
        api('employeeFiles', 'add'),
        employee({ idCardNo: '110105198001010016', jobNo: 'FA02', mobile: '13900002223', attachments: [contract] }),
        boss,
      ),
    );
    expect(await read(contract.url, hr)).toBe(200);
    expect(await read(contract.url, staff)).toBe(404);
    // Recognition reads the bytes: the same rule.
    expect(await t.call('POST', '/api/admin/systenant/idCardOcr', { url: scan.url }, staff)).toMatchObject({
      status: 404,
      message: '图片不存在，请重新上传',
    });
    expect(
      (await t.call('POST', '/api/admin/systenant/idCardOcr', { url: `/api/files/${scan.url.split('/')[3]}` }, staff))
        .status,
    ).toBe(404);
    expect((await t.call('POST', '/api/admin/systenant/idCardOcr', { url: scan.url }, boss)).status).toBe(200);
    // Taken off the file, the scan stays the file's: it does not become every member's.
    ok(await t.call('POST', api('employeeFiles', 'update'), { ...made.data, attachments: [] }, hr));
    expect(await read(scan.url, staff)).toBe(404);
    expect(await read(scan.url, boss)).toBe(200);
  });

  it("a colleague's claim's receipt is the claim's: 404 for 张三, 200 for the owner; 张三's own upload on his own claim is his", async () => {
    const receipt = await upload(colleague, '发票-刘洋.png');
    ok(await t.call('POST', api('reimburseManage', 'add'), claim('文件-刘洋的报销', [receipt]), colleague));
    expect(await read(receipt.url, staff)).toBe(404);
    expect(await read(receipt.url, boss)).toBe(200);
    expect(await read(receipt.url, lisi)).toBe(200);
    expect(await read(receipt.url, colleague)).toBe(200);

    const mine = await upload(staff, '发票-张三.png');
    ok(await t.call('POST', api('reimburseManage', 'add'), claim('文件-张三的报销', [mine]), staff));
    expect(await read(mine.url, staff)).toBe(200);
    expect(await read(mine.url, boss)).toBe(200);
    expect(await read(mine.url, colleague)).toBe(404);
  });

  it('张三 reads a file someone else put on his own claim, because he may open the claim', async () => {
    const made = await t.call('POST', api('reimburseManage', 'add'), claim('文件-补票', []), staff);
    ok(made);
    const added = await upload(boss, '补票.png');
    ok(await t.call('POST', api('reimburseManage', 'update'), { ...made.data, attachments: [added] }, boss));
    expect(await read(added.url, staff)).toBe(200);
    expect(await read(added.url, colleague)).toBe(404);
  });

  it('a team file no record holds (an avatar, an upload whose form is not saved) is read by every member', async () => {
    const avatar = await upload(boss, '头像.png');
    ok(await t.call('POST', '/api/admin/sysuser/updateProfile', { avatar: avatar.url }, boss));
    const unsaved = await upload(colleague, '草稿附件.png');
    for (const who of [staff, colleague, hr, lisi, boss]) {
      expect(await read(avatar.url, who)).toBe(200);
      expect(await read(unsaved.url, who)).toBe(200);
    }
  });

  it("naming a colleague's file in one's own record neither opens it to him nor closes a team file to the others", async () => {
    const scan = await upload(hr, '身份证反面.png');
    ok(
      await t.call(
        'POST',
        api('employeeFiles', 'add'),
        employee({ idCardNo: '110105199505050016', jobNo: 'FA03', mobile: '13900002224', attachments: [scan] }),
        hr,
      ),
    );
    // 张三 learnt the scan's address: his claim may hold it, but his claim does not open it.
    ok(await t.call('POST', api('reimburseManage', 'add'), claim('文件-借用地址', [scan]), staff));
    expect(await read(scan.url, staff)).toBe(404);
    // The owner's unsaved upload named in 张三's claim stays the team's.
    const shared = await upload(boss, '公司宣传图.png');
    ok(await t.call('POST', api('reimburseManage', 'add'), claim('文件-团队图片', [shared]), staff));
    expect(await read(shared.url, colleague)).toBe(200);
  });

  it("a deleted record's files are read by their uploader only", async () => {
    const receipt = await upload(staff, '发票-将删除.png');
    const made = await t.call('POST', api('reimburseManage', 'add'), claim('文件-将删除', [receipt]), staff);
    ok(made);
    expect(await read(receipt.url, boss)).toBe(200);
    ok(await t.call('POST', api('reimburseManage', 'delete'), { ids: [made.data.id] }, boss));
    expect(await read(receipt.url, boss)).toBe(404);
    expect(await read(receipt.url, colleague)).toBe(404);
    expect(await read(receipt.url, staff)).toBe(200);
  });

  it('the demo story and records saved before links were kept hold links to every file they name', async () => {
    const tenant = DEMO.tenantCode;
    const inTeam = <T>(fn: (trx: Transaction<Database>) => Promise<T>) =>
      t.db.transaction().execute(async (trx) => {
        await sql`SELECT set_config('app.tenant', ${tenant}, true)`.execute(trx);
        return fn(trx);
      });
    const count = (query: RawBuilder<{ n: number }>) =>
      inTeam(async (trx) => Number((await query.execute(trx)).rows[0].n));
    // Each record and each team file its values name.
    const naming = sql`SELECT DISTINCT r.id AS record_id, f.id AS file_id FROM records r
      CROSS JOIN LATERAL regexp_matches(r.data::text || r.lines::text, '/api/files/([0-9]+)/', 'g') AS m(ids)
      JOIN files f ON f.id = m.ids[1]::bigint AND f.tenant_code = r.tenant_code WHERE r.tenant_code = ${tenant}`;
    const unlinked = () =>
      count(sql<{ n: number }>`SELECT count(*) AS n FROM (${naming}) x
      WHERE NOT EXISTS (SELECT 1 FROM record_files h WHERE h.tenant_code = ${tenant} AND h.file_id = x.file_id AND h.record_id = x.record_id)`);
    const named = () => count(sql<{ n: number }>`SELECT count(*) AS n FROM (${naming}) x`);
    const links = () => count(sql<{ n: number }>`SELECT count(*) AS n FROM record_files WHERE tenant_code = ${tenant}`);
    // The story's files are the owner's, its records saved by many: all linked. (The records made above, from
    // suiteStart on, may name others' files on purpose.)
    const story = sql`AND x.record_id IN (SELECT id FROM records WHERE tenant_code = ${tenant} AND created_at < ${suiteStart})`;
    expect(
      await count(sql<{ n: number }>`SELECT count(*) AS n FROM (${naming}) x WHERE true ${story}`),
    ).toBeGreaterThan(100);
    expect(
      await count(sql<{ n: number }>`SELECT count(*) AS n FROM (${naming}) x
      WHERE NOT EXISTS (SELECT 1 FROM record_files h WHERE h.tenant_code = ${tenant} AND h.file_id = x.file_id AND h.record_id = x.record_id) ${story}`),
    ).toBe(0);
    // A data folder of an older version has no links at all: the migration links every file its records name.
    await sql`DROP TABLE record_files`.execute(t.db);
    await recordFiles(t.db);
    expect(await unlinked()).toBe(0);
    expect(await links()).toBe(await named());
  });
});
