// Excel export: POST /api/data/:module/export streams the list as the caller sees it (filters,
// sort, the visible columns in order with Chinese headers, labels not ids, money as numbers with 0.00 and a 合计
// row) under <module>:export and the caller's team, visibility and data scope. 10,000 filtered rows are compared
// with the list's own /page calls and with a SQL sum.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { oneDialect } from '../helpers/databases';
import { createTestApp, dictItemId, type TestApp } from '../helpers/test-app';
import { DEMO, DEMO_STAFF } from '../../src/server/seed';
import { hashPassword } from '../../src/server/modules/auth/passwords';
import { todayInChina } from '../../src/common/china-time';

const M = '/api/data/reimburseManage';
const N = 10_000;
const MARK = '导出测试甲';

async function readSheet(bytes: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  const rows: unknown[][] = [];
  ws.eachRow({ includeEmpty: true }, (row) => rows.push((row.values as unknown[]).slice(1)));
  return { ws, rows };
}

describe.each(oneDialect())('Excel export on $name', (dialect) => {
  let t: TestApp;
  let boss: string;
  let staff: string;
  let outsider: string;
  let dict: Record<string, any[]>;
  let bossId: number;
  let staffId: number;

  const exportCall = (body: object, token = boss) =>
    t.app.inject({ method: 'POST', url: `${M}/export`, headers: { Satoken: token }, payload: body });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    boss = await t.login(DEMO.username, DEMO.password);
    staff = await t.login(DEMO_STAFF.username, DEMO_STAFF.password);
    bossId = (
      await t.db.selectFrom('users').select('id').where('username', '=', DEMO.username).executeTakeFirstOrThrow()
    ).id;
    staffId = (
      await t.db.selectFrom('users').select('id').where('username', '=', DEMO_STAFF.username).executeTakeFirstOrThrow()
    ).id;
    dict = (
      await t.call(
        'POST',
        '/api/admin/sysmenuListFieldDict/queryByFieldKeys',
        ['dept', 'teamMembers', 'expenseType'],
        boss,
      )
    ).data;
    const dept = (name: string) => dictItemId(dict, 'dept', name);
    // 12,000 records stored as the API stores them (labels beside the ids): 10,000 match the filter, 2,000 do not.
    const shape = sql`jsonb_build_object(
        'reason', CASE WHEN i <= ${sql.lit(N)} THEN ${MARK} ELSE '导出测试乙' END || '-' || i,
        'applicantId', CASE WHEN i % 2 = 0 THEN ${sql.lit(bossId)} ELSE ${sql.lit(staffId)} END,
        'applicantIdName', CASE WHEN i % 2 = 0 THEN '演示用户' ELSE '张三' END,
        'deptId', CASE WHEN i % 3 = 0 THEN ${sql.lit(dept('业务部'))} ELSE ${sql.lit(dept('设计部'))} END,
        'deptIdName', CASE WHEN i % 3 = 0 THEN '业务部' ELSE '设计部' END,
        'totalPrice', ((i * 7919) % 100000) / 100.0, 'actualPrice', ((i * 7919) % 100000) / 100.0,
        'applyDate', to_char(date '2026-01-01' + (i % 300), 'YYYY-MM-DD'), 'stage', '待支付')`;
    await sql`INSERT INTO records (tenant_code, module, code, status, data, lines, created_by, created_at, updated_at)
      SELECT ${DEMO.tenantCode}, 'reimburseManage', 'BXEXP' || lpad(i::text, 6, '0'),
             (ARRAY['待提交', '审批中', '已通过', '已驳回'])[1 + i % 4], ${shape}, '[]'::jsonb,
             CASE WHEN i % 2 = 0 THEN ${sql.lit(bossId)} ELSE ${sql.lit(staffId)} END,
             now() - (i || ' minutes')::interval, now()
        FROM generate_series(1, ${sql.lit(N + 2000)}) i`.execute(t.db);
    await t.db
      .insertInto('users')
      .values({
        username: 'other',
        mobile: '13933330001',
        nick_name: '别家',
        password_hash: await hashPassword('secret123'),
        status: 'active',
      })
      .execute();
    outsider = await t.login('other', 'secret123');
    await t.call(
      'POST',
      '/api/admin/systenant/createTenant',
      {
        tenantName: '别家公司',
        tenantType: 'enterprise',
        verification: { creditCode: '91350100M000100Y43', companyName: '别家公司', legalPerson: '王五' },
      },
      outsider,
    );
  }, 240_000);
  afterAll(async () => t?.close());

  const filters = [{ field: 'reason', operator: 'contains', value: MARK }];
  const sorters = [{ field: 'totalPrice', order: 'desc' }];
  const columns = ['code', 'applicantId', 'deptId', 'totalPrice', 'applyDate', 'status', 'createdAt'];

  it('exports the 10,000 filtered rows in the list order with Chinese headers, labels, money numbers and 合计', async () => {
    const res = await exportCall({ filters, sorters, columns });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['x-total-count']).toBe(String(N));
    const ymd = todayInChina().replace(/-/g, '');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent(`报销管理-${ymd}.xlsx`)}`,
    );
    const { ws, rows } = await readSheet(res.rawPayload);
    expect(ws.name).toBe('报销管理');
    expect(rows[0]).toEqual(['报销单号', '报销人', '部门', '报销总额', '报销日期', '状态', '创建时间']);
    expect(rows).toHaveLength(N + 2);
    const body = rows.slice(1, N + 1);

    // The same rows, in the same order, as the list's pages.
    const listed: any[] = [];
    for (let p = 1; p <= N / 500; p++) {
      const r = await t.call('POST', `${M}/page`, { pageNum: p, pageSize: 500, filters, sorters }, boss);
      expect(r.status, r.message).toBe(200);
      listed.push(...r.data.list);
    }
    expect(listed).toHaveLength(N);
    expect(body.map((r) => r[0])).toEqual(listed.map((r) => r.code));
    // Labels, not ids; money as numbers; dates as the list shows them.
    const first = listed[0];
    expect(body[0]).toEqual([
      first.code,
      first.applicantIdName,
      first.deptIdName,
      first.totalPrice,
      first.applyDate,
      first.status,
      expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    ]);
    expect(
      body.every(
        (r) => typeof r[3] === 'number' && typeof r[2] === 'string' && ['业务部', '设计部'].includes(r[2] as string),
      ),
    ).toBe(true);
    expect(ws.getRow(2).getCell(4).numFmt).toBe('0.00');
    // Ordered by 报销总额, largest first.
    expect(body.every((r, i) => i === 0 || (body[i - 1][3] as number) >= (r[3] as number))).toBe(true);

    // 合计: the SQL sum of the filtered rows, under 报销总额, with 合计 in the first column.
    const {
      rows: [s],
    } = await sql<{ total: string }>`SELECT sum((data->>'totalPrice')::numeric) AS total FROM records
      WHERE tenant_code = ${DEMO.tenantCode} AND module = 'reimburseManage' AND deleted_at IS NULL AND data->>'reason' LIKE ${`%${MARK}%`}`.execute(
      t.db,
    );
    const sumRow = rows[N + 1];
    expect(sumRow[0]).toBe('合计');
    expect(sumRow[3]).toBeCloseTo(Number(s.total), 2);
    expect(sumRow.filter((x) => x !== null && x !== undefined)).toHaveLength(2);
  }, 240_000);

  it('exports the default columns when none are named, and follows the tab and keyword', async () => {
    const res = await exportCall({
      keyword: '导出测试乙',
      filters: [{ field: 'status', operator: 'eq', value: '已通过' }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('500');
    const { rows } = await readSheet(res.rawPayload);
    // The checked columns of the list (费用明细, 实付金额 and 创建时间 are hidden by default).
    expect(rows[0]).toEqual(['报销单号', '报销人', '部门', '事由', '报销总额', '报销日期', '阶段', '状态']);
    expect(rows).toHaveLength(502);
    expect(rows.slice(1, 501).every((r) => r[7] === '已通过' && String(r[3]).startsWith('导出测试乙'))).toBe(true);
  }, 120_000);

  it('refuses without the export permission, an unknown column or tab, and a second export at the same time', async () => {
    // 普通成员 holds no reimburseManage:export.
    const denied = await exportCall({ filters }, staff);
    expect(denied.statusCode).toBe(200);
    expect(denied.json()).toMatchObject({ status: 403, message: '没有权限执行该操作' });
    const unknown = await exportCall({ filters, columns: ['code', 'noSuchColumn'] });
    expect(unknown.json()).toMatchObject({ status: 400, message: '列表没有这些列：noSuchColumn' });
    const badTab = await exportCall({ tab: '不存在的标签' });
    expect(badTab.json().status).toBe(400);
    if (dialect.name === 'postgres') {
      // While an export is under way (here held at its count by a lock on the records) a second one by the same
      // user is refused at once. (On PGlite, one connection, a running export holds the whole database anyway.)
      let first: Promise<Awaited<ReturnType<typeof exportCall>>> | undefined;
      await t.db.transaction().execute(async (trx) => {
        await sql`LOCK TABLE records IN ACCESS EXCLUSIVE MODE`.execute(trx);
        first = exportCall({ filters, sorters });
        await new Promise((r) => setTimeout(r, 700));
        const second = await exportCall({ filters });
        expect(second.json()).toMatchObject({ status: 429, message: '已有一个导出正在进行，请等它完成后再导出' });
        expect(second.headers['retry-after']).toBe('5');
      });
      const done = await first!;
      expect(done.headers['x-total-count']).toBe(String(N));
    }
    // Once it is done (its transaction ended, a moment after the last byte) the next one runs.
    let next = await exportCall({
      filters: [{ field: 'status', operator: 'eq', value: '已通过' }],
      keyword: '导出测试乙',
    });
    for (let i = 0; i < 20 && !String(next.headers['content-type']).includes('spreadsheetml'); i++) {
      await new Promise((r) => setTimeout(r, 100));
      next = await exportCall({
        filters: [{ field: 'status', operator: 'eq', value: '已通过' }],
        keyword: '导出测试乙',
      });
    }
    expect(String(next.headers['content-type'])).toContain('spreadsheetml');
    expect(next.headers['x-total-count']).toBe('500');
  }, 240_000);

  it('a view (viewOf) exports what it shows: its columns, computed fields and stage dates', async () => {
    const V = '/api/data/propProgress';
    const listed = await t.call('POST', `${V}/page`, { pageNum: 1, pageSize: 500 }, boss);
    expect(listed.status, listed.message).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: `${V}/export`,
      headers: { Satoken: boss },
      payload: { columns: ['code', 'propName', 'maker', 'overdueDays', 'stageDates', 'orderStage'] },
    });
    expect(String(res.headers['content-type'])).toContain('spreadsheetml');
    expect(res.headers['x-total-count']).toBe(String(listed.data.total));
    const { rows } = await readSheet(res.rawPayload);
    expect(rows[0]).toEqual(['订单编号', '道具名称', '承制方', '逾期天数', '各阶段日期', '订单进度']);
    const list = listed.data.list as any[];
    expect(list.length).toBeGreaterThan(0);
    expect(rows).toHaveLength(list.length + 1);
    rows.slice(1).forEach((r, i) => {
      expect(r[0]).toBe(list[i].code);
      expect(r[2] ?? null).toBe(list[i].maker || null);
      expect(r[3] ?? null).toBe(list[i].overdueDays ?? null);
      expect(r[5]).toBe(list[i].orderStage);
      if (list[i].stageDates?.length) expect(String(r[4])).toContain(list[i].stageDates[0].stage);
    });
  }, 120_000);

  it("never shows another team's rows, and 仅本人 narrows the export to the caller's own", async () => {
    const theirs = await exportCall({ columns: ['code'] }, outsider);
    expect(theirs.statusCode).toBe(200);
    const { rows: other } = await readSheet(theirs.rawPayload);
    expect(other.slice(1).some((r) => String(r[0]).startsWith('BXEXP'))).toBe(false);

    // A member whose only role exports with data scope 仅本人.
    const uid = (
      await t.db
        .insertInto('users')
        .values({
          username: 'exporter',
          mobile: '13933330009',
          nick_name: '导出员',
          password_hash: await hashPassword('secret123'),
          status: 'active',
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await t.db
      .insertInto('memberships')
      .values({ tenant_code: DEMO.tenantCode, user_id: uid, status: 'normal', is_admin: false })
      .execute();
    const role = await t.db
      .insertInto('roles')
      .values({
        tenant_code: DEMO.tenantCode,
        role_key: 'exporter',
        role_name: '导出员',
        menus: ['reimburseManage'],
        permissions: ['reimburseManage:view', 'reimburseManage:add', 'reimburseManage:export'],
        data_scope: 'self',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('user_roles')
      .values({ tenant_code: DEMO.tenantCode, user_id: uid, role_id: role.id })
      .execute();
    const me = await t.login('exporter', 'secret123');
    const mine = await t.call(
      'POST',
      `${M}/add`,
      {
        applicantId: dictItemId(dict, 'teamMembers', '张三'),
        deptId: dictItemId(dict, 'dept', '业务部'),
        applyDate: todayInChina(),
        reason: '我的报销',
        lines: [{ expenseType: dictItemId(dict, 'expenseType', '住宿'), occurDate: todayInChina(), price: 88.5 }],
      },
      me,
    );
    expect(mine.status, mine.message).toBe(200);
    const res = await exportCall({ columns: ['code', 'reason', 'totalPrice'] }, me);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('1');
    const { rows } = await readSheet(res.rawPayload);
    expect(rows).toHaveLength(3);
    expect(rows[1]).toEqual([mine.data.code, '我的报销', 88.5]);
    expect([rows[2][0], rows[2][1], rows[2][2]]).toEqual(['合计', undefined, 88.5]);
  }, 120_000);
});
