import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { testDialects } from '../helpers/databases';
import { createTestApp, dictItemId, type TestApp } from '../helpers/test-app';
import { DEMO, DEMO_STAFF } from '../../src/server/seed';
import { withTenant } from '../../src/server/db/tenant-scope';
import { hashPassword } from '../../src/server/modules/auth/passwords';

const M = '/api/data/reimburseManage';

describe.each(testDialects())('records, categories and dictionaries on $name', (dialect) => {
  let t: TestApp;
  let boss: string; // demo: owner, finance approver
  let staff: string; // 张三: member
  let outsider: string; // owner of another team
  let dict: Record<string, any[]>;
  const today = new Date().toISOString().slice(0, 10);

  beforeAll(async () => {
    t = await createTestApp(dialect);
    boss = await t.login(DEMO.username, DEMO.password);
    staff = await t.login(DEMO_STAFF.username, DEMO_STAFF.password);
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
    dict = (
      await t.call(
        'POST',
        '/api/admin/sysmenuListFieldDict/queryByFieldKeys',
        ['dept', 'expenseType', 'teamMembers', 'paymentMethod'],
        staff,
      )
    ).data;
  });
  afterAll(async () => t?.close());

  const id = (key: string, name: string) => dictItemId(dict, key, name);
  const body = (over: object = {}) => ({
    applicantId: id('teamMembers', '张三'),
    deptId: id('dept', '业务部'),
    applyDate: today,
    reason: '测试报销',
    lines: [{ expenseType: id('expenseType', '办公费'), occurDate: today, price: 100.5, description: '纸' }],
    ...over,
  });
  const add = (over: object = {}, token = staff) => t.call('POST', `${M}/add`, body(over), token);
  // Lists as the owner, who sees the team's every record (张三 sees his own only: the member role's 仅本人).
  const page = (q: object, token = boss) => t.call('POST', `${M}/page`, { pageNum: 1, pageSize: 50, ...q }, token);

  describe('dictionaries', () => {
    it('serves tree-shaped defaults and the derived member list', async () => {
      const travel = dict.expenseType.find((n) => n.dictName === '差旅费');
      expect(travel.children.map((c: any) => c.dictName)).toEqual(['交通', '住宿', '出差补贴']);
      // The team's current members (demo/people.json's staff too), in the order they joined; 王强 has left.
      const members = dict.teamMembers.map((m: any) => m.dictName);
      expect(members.slice(0, 4)).toEqual(['演示用户', '张三', '李四', '赵敏']);
      expect(members).toHaveLength(20);
      expect(members).not.toContain('王强');
      const one = await t.call(
        'POST',
        '/api/admin/sysmenuListFieldDict/queryByFieldKey',
        { fieldKey: 'paymentMethod', status: 1 },
        staff,
      );
      expect(one.data.map((d: any) => d.dictName)).toEqual(['银行转账', '现金', '微信', '支付宝', '承兑汇票']);
      const byCode = await t.call(
        'GET',
        '/api/admin/sysmenuListFieldDict/queryByDictCode?dictCode=0.13&fieldKey=taxRate',
        undefined,
        staff,
      );
      expect(byCode.data.map((d: any) => d.dictName)).toEqual(['13%']);
      // Another team has its own copy: none of our ids.
      const theirs = (
        await t.call('POST', '/api/admin/sysmenuListFieldDict/queryByFieldKey', { fieldKey: 'paymentMethod' }, outsider)
      ).data;
      expect(theirs.map((d: any) => d.id)).not.toContain(one.data[0].id);
    });
  });

  describe('records', () => {
    it('adds a record with a system code, computed totals and dictionary labels, and round-trips it', async () => {
      const r = await add({
        offsetPrice: 20.5,
        totalPrice: 1,
        actualPrice: 1,
        unknownField: 'dropped',
        lines: [
          { expenseType: id('expenseType', '交通'), occurDate: today, price: 100.25, junk: 1 },
          { expenseType: id('expenseType', '住宿'), occurDate: today, price: '200.25' },
        ],
      });
      expect(r.status, r.message).toBe(200);
      const ymd = today.replace(/-/g, '');
      expect(r.data.code).toMatch(new RegExp(`^BX${ymd}\\d{4}$`));
      // 冲借支金额 without 冲抵借支单 is out of the form (dependOn): dropped, so 实付 = 报销总额; sent totals are ignored.
      expect(r.data).toMatchObject({
        status: '待提交',
        totalPrice: 300.5,
        actualPrice: 300.5,
        applicantIdName: '张三',
        deptIdName: '业务部',
      });
      expect(r.data.offsetPrice).toBeUndefined();
      expect(r.data.lines[0]).toEqual({
        expenseType: id('expenseType', '交通'),
        expenseTypeName: '交通',
        occurDate: today,
        price: 100.25,
      });
      expect(r.data).not.toHaveProperty('unknownField');
      const got = await t.call('GET', `${M}/get?id=${r.data.id}`, undefined, staff);
      expect(got.data).toEqual(r.data);
      const upd = await t.call('POST', `${M}/update`, { ...got.data, reason: '改过的事由' }, staff);
      expect(upd.data.reason).toBe('改过的事由');
      expect(upd.data.code).toBe(r.data.code);
      const copy = await t.call('POST', `${M}/add`, { ...got.data, id: undefined }, staff);
      expect(copy.data.code).not.toBe(r.data.code);
    });

    it('refuses invalid input with the Chinese message of the first failing field, storing nothing', async () => {
      const before = (await page({})).data.total;
      const cases: [object, string][] = [
        [{ reason: '' }, '事由不能为空'],
        [{ reason: 'x'.repeat(201) }, '事由：最大输入长度为200'],
        [{ bankCardNo: '12ab' }, '请输入正确的银行卡号'],
        [{ advanceCode: 'JZ000', offsetPrice: 600000 }, '冲借支金额：请输入0.01-500000之间的数字'],
        [{ advanceCode: 'JZ000', offsetPrice: 100 }, '冲抵借支单不存在或不可选'],
        [{ lines: [{ occurDate: today, price: 5 }] }, '费用明细第1行费用类型不能为空'],
        [
          {
            lines: [
              { expenseType: id('expenseType', '办公费'), occurDate: today, price: 10 },
              { expenseType: id('expenseType', '办公费'), occurDate: today, price: -3 },
            ],
          },
          '费用明细第2行金额：请输入正确的数字',
        ],
        [
          { lines: [{ expenseType: id('expenseType', '办公费'), occurDate: today, price: -3 }] },
          '费用明细第1行金额：请输入正确的数字',
        ], // the sent cell is checked before the total computed from it
        [{ deptId: 999999 }, '部门的选项不存在'],
      ];
      for (const [over, message] of cases) {
        const r = await add(over);
        expect(r, JSON.stringify(over)).toMatchObject({ status: 400, message });
      }
      expect((await page({})).data.total).toBe(before);
    });

    it("a claim sent without 部门 is filed under the claimant's own department, as the form fills it", async () => {
      const r = await add({ deptId: undefined });
      expect(r, r.message).toMatchObject({ status: 200 });
      expect(r.data).toMatchObject({ deptId: id('dept', '业务部'), deptIdName: '业务部' });
    });

    it('issues unique codes under concurrency', async () => {
      const results = await Promise.all(Array.from({ length: 8 }, () => add()));
      const codes = results.map((r) => r.data.code);
      expect(new Set(codes).size).toBe(8);
    });

    it('keeps codes gapless and the kept count exact under parallel creates, submits and deletes', async () => {
      // The code's number and the team × module count are taken by the statement that stores a record (last): parallel
      // saves must still get one number each, in one unbroken run, and the count must equal the rows.
      const kept = async () =>
        Number(
          (
            await sql<{
              n: string;
            }>`SELECT n FROM record_counts WHERE tenant_code = ${DEMO.tenantCode} AND module = 'reimburseManage'`.execute(
              t.db,
            )
          ).rows[0].n,
        );
      const rows = async () =>
        Number(
          (
            await sql<{
              n: string;
            }>`SELECT count(*) AS n FROM records WHERE tenant_code = ${DEMO.tenantCode} AND module = 'reimburseManage' AND deleted_at IS NULL`.execute(
              t.db,
            )
          ).rows[0].n,
        );
      expect(await kept()).toBe(await rows());
      const doomed = await Promise.all(Array.from({ length: 6 }, () => add({}, boss)));
      const made = await Promise.all([
        ...Array.from({ length: 12 }, () => add()),
        ...Array.from({ length: 4 }, () => add({ submit: true })),
        // A submission without lines is refused after its record is stored (lines are needed on submit only): it rolls back, number included.
        ...Array.from({ length: 3 }, () => add({ submit: true, lines: [] })),
        ...doomed.map((d) => t.call('POST', `${M}/delete`, { ids: [d.data.id] }, boss)),
      ]);
      const saved = made.slice(0, 16);
      expect(saved.map((r) => r.status)).toEqual(Array(16).fill(200));
      expect(made.slice(16, 19).map((r) => r.status)).toEqual([400, 400, 400]);
      expect(made.slice(19).map((r) => r.message)).toEqual(Array(6).fill('删除成功'));
      expect(await kept()).toBe(await rows());
      // One day's numbers, no two alike, no hole between them (the refused submissions gave theirs back).
      const nums = [...doomed, ...saved]
        .map((r) => r.data.code as string)
        .map((c) => Number(c.slice(-4)))
        .sort((a, b) => a - b);
      expect(new Set([...doomed, ...saved].map((r) => (r.data.code as string).slice(0, -4))).size).toBe(1);
      expect(nums).toEqual(nums.map((_, i) => nums[0] + i));
      const next = await add();
      expect(Number((next.data.code as string).slice(-4))).toBe(nums.at(-1)! + 1);
      expect((await page({})).data.total).toBe(await rows());
    });

    it('pages, sorts and filters in SQL with every operator', async () => {
      const mk = (price: number, applyDate: string, reason: string, type = '办公费') =>
        add({ applyDate, reason, lines: [{ expenseType: id('expenseType', type), occurDate: applyDate, price }] });
      await mk(10, '2026-01-05', '甲-过滤用');
      await mk(2000, '2026-02-10', '乙-过滤用', '交通');
      await mk(300, '2026-03-15', '丙-过滤用');
      const f = async (filters: object[], sorters: object[] = [{ field: 'totalPrice', order: 'ascend' }]) =>
        (
          await page({ filters: [{ field: 'reason', operator: 'contains', value: '过滤用' }, ...filters], sorters })
        ).data.list.map((r: any) => r.reason[0]);
      expect(await f([])).toEqual(['甲', '丙', '乙']); // numeric, not text, order
      expect(await f([], [{ field: 'totalPrice', order: 'descend' }])).toEqual(['乙', '丙', '甲']);
      expect(await f([], [{ field: 'applyDate', order: 'desc' }])).toEqual(['丙', '乙', '甲']);
      expect(await f([{ field: 'totalPrice', operator: 'eq', value: 300 }])).toEqual(['丙']);
      expect(await f([{ field: 'totalPrice', operator: 'ne', value: 300 }])).toEqual(['甲', '乙']);
      expect(await f([{ field: 'totalPrice', operator: 'gte', value: 300 }])).toEqual(['丙', '乙']);
      expect(await f([{ field: 'totalPrice', operator: 'lte', value: 300 }])).toEqual(['甲', '丙']);
      expect(await f([{ field: 'totalPrice', operator: 'between', value: [100, 2000] }])).toEqual(['丙', '乙']);
      expect(await f([{ field: 'applyDate', operator: 'between', value: ['2026-02-01', '2026-03-31'] }])).toEqual([
        '丙',
        '乙',
      ]);
      expect(await f([{ field: 'totalPrice', operator: 'in', value: [10, 2000] }])).toEqual(['甲', '乙']);
      expect(await f([{ field: 'bankName', operator: 'null' }])).toEqual(['甲', '丙', '乙']);
      expect(
        await f([{ field: 'lines.expenseType', operator: 'eq', value: String(id('expenseType', '交通')) }]),
      ).toEqual(['乙']);
      expect(await f([{ field: 'status', operator: 'eq', value: '待提交' }])).toHaveLength(3);
      const paged = await page({
        filters: [{ field: 'reason', operator: 'contains', value: '过滤用' }],
        sorters: [{ field: 'totalPrice', order: 'asc' }],
        pageSize: 2,
        pageNum: 2,
      });
      expect(paged.data).toMatchObject({ total: 3, pageNum: 2, pageSize: 2 });
      expect(paged.data.list.map((r: any) => r.reason[0])).toEqual(['乙']);
      expect((await page({ keyword: '乙-过滤' })).data.total).toBe(1);
      expect((await page({ sorters: [{ field: 'reason', order: 'asc' }] })).message).toBe('不支持排序的字段：reason');
      expect((await page({ filters: [{ field: 'password_hash', operator: 'eq', value: 1 }] })).status).toBe(400);
      expect((await page({ filters: [{ field: 'totalPrice', operator: 'drop', value: 1 }] })).status).toBe(400);
    });

    it("uses the expression indexes declared by the schema, and only those a list can use, on the module's partition", async () => {
      const { rows } = await sql<{
        indexname: string;
      }>`SELECT indexname FROM pg_indexes WHERE tablename = 'records__reimburseManage'`.execute(t.db);
      const names = rows.map((r) => r.indexname);
      // Sortable fields: one index in the list's order, which also serves their filters.
      expect(names).toContain('rs_reimburseManage_totalPrice');
      expect(names).toContain('rs_reimburseManage_applyDate');
      // A choice of the search form gets its own; a text column nobody filters by choice does not.
      expect(names).toContain('rx_reimburseManage_deptId');
      expect(names).not.toContain('rx_reimburseManage_reason');
      expect(names).not.toContain('rx_reimburseManage_totalPrice');
    });

    it('deletes softly and enforces permission codes', async () => {
      const r = await add();
      expect((await t.call('POST', `${M}/delete`, { ids: [r.data.id] }, staff)).status).toBe(403); // members lack :delete
      expect(await t.call('POST', `${M}/delete`, { ids: [r.data.id] }, boss)).toMatchObject({
        status: 200,
        message: '删除成功',
      });
      expect((await t.call('GET', `${M}/get?id=${r.data.id}`, undefined, staff)).status).toBe(404);
      const { rows } = await sql<{
        deleted_at: Date | null;
      }>`SELECT deleted_at FROM records WHERE id = ${r.data.id}`.execute(t.db);
      expect(rows[0].deleted_at).not.toBeNull();
      expect((await t.call('POST', '/api/data/noSuchModule/page', {}, staff)).status).toBe(404);
    });
  });

  describe('list rows', () => {
    it('name their maker as he is named now: after a rename, and after he has left the team', async () => {
      const made = await add({ reason: '改名测试' });
      expect(made.status).toBe(200);
      const maker = async () =>
        (await page({ keyword: '改名测试' }, boss)).data.list.find((r: { id: number }) => r.id === made.data.id)
          ?.createdByName;
      expect(await maker()).toBe('张三');
      expect((await t.call('POST', '/api/admin/sysuser/updateProfile', { nickName: '张三丰' }, staff)).status).toBe(
        200,
      );
      expect(await maker()).toBe('张三丰');
      // No longer a member (his membership row gone altogether): read by id.
      const uid = Number(made.data.createdBy);
      const membership = await t.db
        .selectFrom('memberships')
        .selectAll()
        .where('tenant_code', '=', DEMO.tenantCode)
        .where('user_id', '=', uid)
        .executeTakeFirstOrThrow();
      await t.db
        .deleteFrom('memberships')
        .where('tenant_code', '=', DEMO.tenantCode)
        .where('user_id', '=', uid)
        .execute();
      try {
        expect(await maker()).toBe('张三丰');
      } finally {
        await t.db.insertInto('memberships').values(membership).execute();
        expect((await t.call('POST', '/api/admin/sysuser/updateProfile', { nickName: '张三' }, staff)).status).toBe(
          200,
        );
      }
      expect(await maker()).toBe('张三');
    });
  });

  describe('tenant isolation', () => {
    it('keeps another team from reading, updating, deleting or counting our records', async () => {
      const r = await add({ reason: '机密' });
      expect((await t.call('GET', `${M}/get?id=${r.data.id}`, undefined, outsider)).status).toBe(404);
      const upd = await t.call('POST', `${M}/update`, { ...r.data, reason: '篡改' }, outsider);
      expect(upd.status).toBe(404);
      expect((await t.call('POST', `${M}/delete`, { ids: [r.data.id] }, outsider)).status).toBe(404);
      const theirs = await t.call('POST', `${M}/page`, { pageNum: 1, pageSize: 10 }, outsider);
      expect(theirs.data.total).toBe(0);
      expect((await t.call('GET', `${M}/get?id=${r.data.id}`, undefined, staff)).data.reason).toBe('机密');
      expect((await t.call('POST', '/api/oa/process/withdraw', { formId: r.data.id }, outsider)).status).toBe(409);
    });

    it("the list path (page, kept count, capped filtered count) sees only the caller's team, even when asked for another", async () => {
      const { SchemaRegistry } = await import('../../src/server/modules/records/schema-registry');
      const { pageRecords, COUNT_BOUND } = await import('../../src/server/modules/records/repository');
      const reimburse = new SchemaRegistry(t.config.schemasDir).get('reimburseManage')!;
      const other = (await t.call('GET', '/api/admin/systenant/getSysTenantByUserId', undefined, outsider)).data[0]
        .tenantCode;
      // Inside the other team's transaction, a query that names our team finds nothing: rows and count rows are hidden.
      const leaked = await withTenant(t.db, other, (trx) =>
        pageRecords(trx, DEMO.tenantCode, reimburse, { pageNum: 1, pageSize: 20 }),
      );
      expect(leaked).toMatchObject({ list: [], total: 0 });
      const filteredLeak = await withTenant(t.db, other, (trx) =>
        pageRecords(trx, DEMO.tenantCode, reimburse, {
          pageNum: 1,
          pageSize: 20,
          filters: [{ field: 'totalPrice', operator: 'gte', value: 0 }],
        }),
      );
      expect(filteredLeak).toMatchObject({ list: [], total: 0 });
      // In our own team, the kept count equals a real count, before and after an add and a delete.
      const real = async () =>
        Number(
          (
            await t.db
              .selectFrom('records')
              .select((eb) => eb.fn.countAll().as('n'))
              .where('tenant_code', '=', DEMO.tenantCode)
              .where('module', '=', 'reimburseManage')
              .where('deleted_at', 'is', null)
              .executeTakeFirstOrThrow()
          ).n,
        );
      const listed = async () => (await page({})).data;
      expect((await listed()).total).toBe(await real());
      const added = await add({ reason: '计数' });
      expect((await listed()).total).toBe(await real());
      await t.call('POST', `${M}/delete`, { ids: [added.data.id] }, staff);
      const after = await listed();
      expect(after).toMatchObject({ total: await real(), totalExact: true });
      // A narrowed list counts exactly (below the bound).
      const narrowedList = (await page({ filters: [{ field: 'status', operator: 'eq', value: '待提交' }] })).data;
      expect(narrowedList.totalExact).toBe(true);
      expect(narrowedList.total).toBe(
        Number(
          (
            await t.db
              .selectFrom('records')
              .select((eb) => eb.fn.countAll().as('n'))
              .where('tenant_code', '=', DEMO.tenantCode)
              .where('module', '=', 'reimburseManage')
              .where('status', '=', '待提交')
              .where('deleted_at', 'is', null)
              .executeTakeFirstOrThrow()
          ).n,
        ),
      );
      expect(COUNT_BOUND).toBe(5000);
      // Past the bound a narrowed list stops counting and says so; the page itself still comes from the index.
      await sql`INSERT INTO records (tenant_code, module, code, status, data, created_by)
        SELECT ${DEMO.tenantCode}, 'reimburseManage', 'BXCAP' || g, '待提交', jsonb_build_object('reason', '批量 ' || g, 'totalPrice', g), 1
        FROM generate_series(1, ${COUNT_BOUND + 2}) g`.execute(t.db);
      await sql`UPDATE record_counts SET n = n + ${COUNT_BOUND + 2} WHERE tenant_code = ${DEMO.tenantCode} AND module = 'reimburseManage'`.execute(
        t.db,
      );
      const capped = (await page({ filters: [{ field: 'status', operator: 'eq', value: '待提交' }] })).data;
      expect(capped).toMatchObject({ total: COUNT_BOUND, totalExact: false });
      expect(capped.list).toHaveLength(50);
      const whole = (await page({})).data;
      expect(whole).toMatchObject({ total: await real(), totalExact: true });
      expect(whole.total).toBeGreaterThan(COUNT_BOUND);
      await sql`DELETE FROM records WHERE code LIKE 'BXCAP%'`.execute(t.db);
      await sql`UPDATE record_counts SET n = n - ${COUNT_BOUND + 2} WHERE tenant_code = ${DEMO.tenantCode} AND module = 'reimburseManage'`.execute(
        t.db,
      );
    });

    it('row-level security hides other tenants even from an unscoped query', async () => {
      const other = (await t.call('GET', '/api/admin/systenant/getSysTenantByUserId', undefined, outsider)).data[0]
        .tenantCode;
      // The other team owns only its default approval process and binding; an unscoped query sees those, never ours.
      const unscoped = await withTenant(
        t.db,
        other,
        async (trx) => (await sql<{ tenant_code: string }>`SELECT DISTINCT tenant_code FROM records`.execute(trx)).rows,
      );
      expect(unscoped.map((r) => r.tenant_code)).toEqual([other]);
      const reimbursements = await withTenant(
        t.db,
        other,
        async (trx) =>
          (
            await sql<{ n: number }>`SELECT count(*)::int AS n FROM records WHERE module = 'reimburseManage'`.execute(
              trx,
            )
          ).rows[0].n,
      );
      expect(reimbursements).toBe(0);
      const ours = await withTenant(
        t.db,
        DEMO.tenantCode,
        async (trx) => (await sql<{ n: number }>`SELECT count(*)::int AS n FROM records`.execute(trx)).rows[0].n,
      );
      expect(ours).toBeGreaterThan(0);
      await expect(
        withTenant(t.db, other, (trx) =>
          sql`INSERT INTO records (tenant_code, module, code, created_by) VALUES (${DEMO.tenantCode}, 'x', 'X1', 1)`.execute(
            trx,
          ),
        ),
      ).rejects.toThrow(/row-level security/);
      const cats = await withTenant(
        t.db,
        other,
        async (trx) =>
          (await sql<{ tenant_code: string }>`SELECT DISTINCT tenant_code FROM categories`.execute(trx)).rows,
      );
      expect(cats.map((c) => c.tenant_code)).toEqual([other]);
    });
  });

  describe('categories', () => {
    const C = `${M}/categories`;
    const tree = async () => (await t.call('GET', C, undefined, boss)).data;

    it('lists the seeded tree and moves nodes up and down, nothing at the edges', async () => {
      expect((await tree()).map((n: any) => n.name)).toEqual(['日常报销', '差旅报销', '项目报销', '采购报销']);
      const [first, second, , last] = await tree();
      expect((await t.call('POST', `${C}/move`, { id: first.id, direction: 'up' }, boss)).data.moved).toBe(false);
      expect((await t.call('POST', `${C}/move`, { id: last.id, direction: 'down' }, boss)).data.moved).toBe(false);
      expect((await tree()).map((n: any) => n.name)).toEqual(['日常报销', '差旅报销', '项目报销', '采购报销']);
      await t.call('POST', `${C}/move`, { id: second.id, direction: 'up' }, boss);
      expect((await tree()).map((n: any) => n.name)).toEqual(['差旅报销', '日常报销', '项目报销', '采购报销']);
      await t.call('POST', `${C}/move`, { id: second.id, direction: 'down' }, boss);
      expect((await tree()).map((n: any) => n.name)).toEqual(['日常报销', '差旅报销', '项目报销', '采购报销']);
    });

    it('adds, renames and deletes, refusing while in use, and honours locks', async () => {
      const parent = (await t.call('POST', `${C}/add`, { name: '专项报销' }, boss)).data.id;
      const child = (await t.call('POST', `${C}/add`, { name: '子类', parentId: parent }, boss)).data.id;
      expect((await t.call('POST', `${C}/add`, { name: '  ' }, boss)).message).toBe('分类名称不能为空');
      expect((await t.call('POST', `${C}/rename`, { id: child, name: '子类改' }, boss)).status).toBe(200);
      expect((await t.call('POST', `${C}/delete`, { id: parent }, boss)).message).toBe('该分类下还有子分类，不能删除');
      const rec = await add({ categoryId: child });
      expect((await page({ categoryId: parent })).data.list.map((r: any) => r.id)).toEqual([rec.data.id]); // includes descendants
      expect((await t.call('POST', `${C}/delete`, { id: child }, boss)).message).toBe('该分类下还有记录，不能删除');
      await t.call('POST', `${M}/delete`, { ids: [rec.data.id] }, boss);
      expect((await t.call('POST', `${C}/delete`, { id: child }, boss)).status).toBe(200);
      await withTenant(t.db, DEMO.tenantCode, (trx) =>
        trx.updateTable('categories').set({ locked: true }).where('id', '=', parent).execute(),
      );
      expect((await tree()).find((n: any) => n.id === parent).noEdit).toBe(true);
      expect((await t.call('POST', `${C}/rename`, { id: parent, name: 'x' }, boss)).message).toBe(
        '该分类已锁定，不能修改',
      );
      expect((await t.call('POST', `${C}/delete`, { id: parent }, boss)).message).toBe('该分类已锁定，不能删除');
      expect((await add({ categoryId: 987654 })).message).toBe('分类不存在');
    });
  });
});

describe.each(testDialects().slice(0, 1))('printing on $name', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t?.close());

  it('prints a reimbursement as a PDF with the Chinese font embedded, and 404s an unknown record', async () => {
    const boss = await t.login(DEMO.username, DEMO.password);
    const list = (
      await t.call(
        'POST',
        `${M}/page`,
        { pageNum: 1, pageSize: 10, filters: [{ field: 'status', operator: 'eq', value: '已通过' }] },
        boss,
      )
    ).data.list;
    expect(list.length).toBeGreaterThan(0);
    const res = await t.app.inject({ method: 'GET', url: `${M}/print?id=${list[0].id}`, headers: { Satoken: boss } });
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1')).toMatch(/\/FontName \/[A-Z]{6}\+NotoSansSC/);
    expect(pdf.length).toBeLessThan(400_000); // a subset, not the whole 10 MB font
    const missing = await t.app.inject({ method: 'GET', url: `${M}/print?id=999999`, headers: { Satoken: boss } });
    expect(missing.json().status).toBe(404);
  });
});
