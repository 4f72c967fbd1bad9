// Props documents: the named documents pages declare (`documents`) — 木作部件清单, 下料单 (PDF and
// Excel, grouped by material and thickness), 配件清单 of a registration; 下料单 of a production task (its prop's BOM
// × the task's quantity); package labels with a QR code per package; 道具清单 (the list as an .xlsx) — with their
// line filters and refusals (permission, another team, unknown document). Also 车间管理's 在制任务 / 逾期任务 (read-time
// aggregates over 道具制作) and the two-level tree 客户 → 道具项目 with its server filtering.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { oneDialect } from '../helpers/databases';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { dataApi as api } from '../helpers/records';
import { pdfPageCount, pdfText } from '../pdf-text';
import { hashPassword } from '../../src/server/modules/auth/passwords';
import { DEMO, DEMO_STAFF } from '../../src/server/seed';
import { todayInChina } from '../../src/common/china-time';

type Row = Record<string, any>;

describe.each(oneDialect())('props documents on $name', (dialect) => {
  let t: TestApp;
  let boss: string;
  let staff: string;
  let outsider: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    boss = await t.login(DEMO.username, DEMO.password);
    staff = await t.login(DEMO_STAFF.username, DEMO_STAFF.password);
    await t.db
      .insertInto('users')
      .values({
        username: 'docother',
        mobile: '13933330078',
        nick_name: '别家',
        password_hash: await hashPassword('secret123'),
        status: 'active',
      })
      .execute();
    outsider = await t.login('docother', 'secret123');
    const made = await t.call(
      'POST',
      '/api/admin/systenant/createTenant',
      {
        tenantName: '别家道具公司',
        tenantType: 'enterprise',
        verification: { creditCode: '91350100M000100Y43', companyName: '别家道具公司', legalPerson: '王五' },
      },
      outsider,
    );
    expect(made.status, made.message).toBe(200);
  });
  afterAll(async () => t?.close());

  async function page(module: string, body: Row = {}, token = boss) {
    const r = await t.call('POST', api(module, 'page'), { pageNum: 1, pageSize: 500, ...body }, token);
    expect(r.status, r.message).toBe(200);
    return r.data as { list: Row[]; total: number };
  }
  const get = async (module: string, id: number) =>
    (await t.call('GET', `${api(module, 'get')}?id=${id}`, undefined, boss)).data as Row;
  const doc = (module: string, key: string, id: unknown, token = boss) =>
    t.app.inject({ method: 'GET', url: `/api/data/${module}/documents/${key}?id=${id}`, headers: { Satoken: token } });
  const listDoc = (module: string, key: string, body: Row, token = boss) =>
    t.app.inject({
      method: 'POST',
      url: `/api/data/${module}/documents/${key}`,
      payload: body,
      headers: { Satoken: token },
    });
  async function sheet(bytes: Buffer) {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes as never);
    const ws = wb.worksheets[0];
    const rows: unknown[][] = [];
    ws.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
    return rows;
  }

  /** A registration of the demo with board parts and accessories. */
  async function registration() {
    const { list } = await page('propRegistration');
    for (const r of list) {
      const full = await get('propRegistration', r.id);
      const lines = full.lines as Row[];
      if (lines.some((l) => l.itemType === '木作部件') && lines.some((l) => l.itemType !== '木作部件')) return full;
    }
    throw new Error('no registration with parts and accessories');
  }

  it('木作部件清单 and 配件清单 keep only their lines; 下料单 groups the board parts by material and thickness with 小计 and 合计', async () => {
    const reg = await registration();
    const lines = reg.lines as Row[];
    const wood = lines.filter((l) => l.itemType === '木作部件');
    const others = lines.filter((l) => l.itemType !== '木作部件');

    const parts = await doc('propRegistration', 'woodParts', reg.id);
    expect(parts.headers['content-type']).toBe('application/pdf');
    expect(decodeURIComponent(String(parts.headers['content-disposition']))).toContain(`木作部件清单-${reg.code}.pdf`);
    const partsText = pdfText(parts.rawPayload);
    expect(partsText).toContain('木作部件清单');
    expect(partsText).toContain(reg.code);
    expect(partsText).toContain(reg.propName);
    for (const l of wood) expect(partsText).toContain(l.partName);
    for (const l of others) expect(partsText).not.toContain(l.partName);
    expect(partsText).toContain(String(wood.reduce((s, l) => s + Number(l.quantity), 0)));

    const acc = pdfText((await doc('propRegistration', 'accessoryList', reg.id)).rawPayload);
    expect(acc).toContain('配件清单');
    for (const l of others) expect(acc).toContain(l.partName);
    for (const l of wood) expect(acc).not.toContain(l.partName);

    const cut = pdfText((await doc('propRegistration', 'cutList', reg.id)).rawPayload);
    expect(cut).toContain('下料单');
    expect(cut).toContain('小计');
    expect(cut).toContain('合计');

    // The Excel 下料单: one 小计 row per material + thickness, holding that group's quantity.
    const x = await doc('propRegistration', 'cutListXlsx', reg.id);
    expect(x.headers['content-type']).toContain('spreadsheetml');
    const rows = await sheet(x.rawPayload);
    expect(String(rows[0][0])).toContain('下料单');
    const head = rows.findIndex((r) => r[0] === '序号');
    expect(rows[head]).toEqual(['序号', '材质', '厚度(mm)', '部件名称', '尺寸(mm)', '数量', '单位']);
    const groups = new Map<string, number>();
    for (const l of wood) {
      const k = `${l.materialName ?? l.material} ${l.thickness ?? ''}`.trim();
      groups.set(k, (groups.get(k) ?? 0) + Number(l.quantity));
    }
    const subs = rows.filter((r) => typeof r[1] === 'string' && (r[1] as string).startsWith('小计'));
    expect(subs.map((r) => [(r[1] as string).replace(/^小计 /, ''), r[5]]).sort()).toEqual(
      [...groups.entries()].sort(),
    );
    const body = rows.slice(head + 1).filter((r) => typeof r[0] === 'number');
    expect(body.length).toBe(wood.length);
    expect(rows[rows.length - 1]).toEqual(
      expect.arrayContaining(['合计', wood.reduce((s, l) => s + Number(l.quantity), 0)]),
    );
  });

  it("道具制作 下料单: the task's prop BOM (its parts), quantities × the task's quantity", async () => {
    const { list } = await page('propMake');
    let task: Row | undefined;
    let bom: Row[] = [];
    for (const r of list) {
      if (!r.propId || !(Number(r.quantity) > 1)) continue;
      const prop = await get('myProp', r.propId);
      bom = ((prop.lines ?? []) as Row[]).filter((l) => ['部件', '木作部件'].includes(l.itemType));
      if (bom.length && ((prop.lines ?? []) as Row[]).some((l) => !['部件', '木作部件'].includes(l.itemType))) {
        task = r;
        break;
      }
      if (bom.length && !task) task = r;
    }
    expect(task).toBeTruthy();
    const res = await doc('propMake', 'cutList', task!.id);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = pdfText(res.rawPayload);
    expect(text).toContain('下料单');
    expect(text).toContain(task!.orderCode);
    // The table is the prop's 物料清单, not the task's own 工序记录.
    expect(text).toContain('物料清单');
    expect(text).not.toContain('工序记录');
    for (const l of bom) expect(text).toContain(l.partName);
    const total = bom.reduce((s, l) => s + Number(l.quantity), 0) * Number(task!.quantity);
    expect(text).toMatch(new RegExp(`合计[\\s\\S]*${total}`));
    // The row offers it.
    expect(list.find((r) => r.id === task!.id)!.actions).toContain('cutList');
  });

  it('包装标签: one label per package with a QR code, the order, the contents and n/N', async () => {
    const { list } = await page('propBacking');
    const packed =
      list.find((r) => (Array.isArray(r.lines) ? r.lines.length > 1 : Number(r.packageCount) > 1)) ?? list[0];
    const rec = await get('propBacking', packed.id);
    const lines = rec.lines as Row[];
    expect(lines.length).toBeGreaterThan(0);
    const res = await doc('propBacking', 'labels', rec.id);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = res.rawPayload;
    const text = pdfText(pdf);
    expect(text).toContain('包装标签');
    expect(text).toContain(rec.orderCode);
    for (const l of lines) {
      expect(text).toContain(l.packageNo);
      expect(text).toContain(l.contents);
    }
    expect(text).toContain(`1 / ${lines.length}`);
    expect(text).toContain(`${lines.length} / ${lines.length}`);
    expect(pdfPageCount(pdf)).toBe(Math.ceil(lines.length / 8));
    // One QR image per label (each PNG with its alpha mask).
    expect((pdf.toString('latin1').match(/\/SMask \d+ 0 R/g) ?? []).length).toBe(lines.length);
    expect((pdf.toString('latin1').match(/\/Subtype \/Image/g) ?? []).length).toBe(lines.length * 2);
  });

  it('道具清单: the list as queried, as an .xlsx of the visible columns', async () => {
    const filters = [{ field: 'orderStage', operator: 'eq', value: '制作中' }];
    const shown = await page('propProgress', { filters });
    const res = await listDoc('propProgress', 'propList', {
      filters,
      columns: ['code', 'propName', 'quantity', 'orderStage'],
    });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain(
      `道具清单-${todayInChina().replace(/-/g, '')}.xlsx`,
    );
    expect(res.headers['x-total-count']).toBe(String(shown.total));
    const rows = await sheet(res.rawPayload);
    expect(rows[0]).toEqual(['订单编号', '道具名称', '数量', '订单进度']);
    const data = rows.slice(1).filter((r) => r[0] !== '合计');
    expect(data.length).toBe(shown.total);
    expect(new Set(data.map((r) => r[3]))).toEqual(new Set(shown.total ? ['制作中'] : []));
    expect(data.map((r) => r[0]).sort()).toEqual(shown.list.map((r) => r.code).sort());
  });

  it("refuses a document without its permission, another team's record, an unknown document and bad input", async () => {
    const reg = await registration();
    // A registration 张三 did not make is outside his 仅本人 scope: not found, whatever the document.
    expect((await doc('propRegistration', 'woodParts', reg.id, staff)).json()).toMatchObject({ status: 404 });
    // With the member role widened to 全部, 普通成员 may print but not export: the PDF yes, the Excel no; his rows
    // offer only what he may make.
    const roles = (await t.call('POST', '/api/admin/role/rolePage', { pageSize: 50 }, boss)).data.list as Row[];
    const member = roles.find((r) => r.roleKey === 'member')!.id;
    const scope = async (dataScope: string) =>
      expect((await t.call('POST', '/api/admin/role/updateDataScope', { id: member, dataScope }, boss)).status).toBe(
        200,
      );
    await scope('all');
    try {
      expect((await doc('propRegistration', 'woodParts', reg.id, staff)).headers['content-type']).toBe(
        'application/pdf',
      );
      expect((await doc('propRegistration', 'cutListXlsx', reg.id, staff)).json()).toMatchObject({ status: 403 });
      expect((await listDoc('propProgress', 'propList', {}, staff)).json()).toMatchObject({ status: 403 });
      const mine = (await page('propRegistration', {}, staff)).list.find((r) => r.id === reg.id);
      if (mine) {
        expect(mine.actions).toContain('woodParts');
        expect(mine.actions).not.toContain('cutListXlsx');
      }
    } finally {
      await scope('self');
    }
    expect((await page('propRegistration')).list.find((r) => r.id === reg.id)!.actions).toEqual(
      expect.arrayContaining(['woodParts', 'cutList', 'cutListXlsx', 'accessoryList']),
    );
    // Another team: not found, not a PDF.
    const foreign = await doc('propRegistration', 'woodParts', reg.id, outsider);
    expect(foreign.headers['content-type']).not.toContain('application/pdf');
    expect(foreign.json().status).toBe(404);
    expect((await listDoc('propProgress', 'propList', {}, outsider)).headers['x-total-count']).toBe('0');
    // Unknown documents, a list document asked as a record one, bad ids.
    expect((await doc('propRegistration', 'nope', reg.id)).json()).toMatchObject({
      status: 404,
      message: '该单据不存在',
    });
    expect((await doc('propProgress', 'propList', reg.id)).json()).toMatchObject({ status: 404 });
    expect((await listDoc('propRegistration', 'woodParts', {})).json()).toMatchObject({ status: 404 });
    expect((await doc('propRegistration', 'woodParts', 'x')).json().status).toBe(400);
    expect((await doc('propRegistration', 'woodParts', 99999999)).json().status).toBe(404);
    expect((await doc('propRegistration', 'bad-key!', reg.id)).json().status).toBe(400);
    expect((await listDoc('propProgress', 'propList', { columns: ['nope'] })).json()).toMatchObject({ status: 400 });
  });

  it('车间管理: 在制任务 and 逾期任务 are counted from 道具制作 when read, never stored', async () => {
    const tasks = (await page('propMake')).list;
    const today = todayInChina();
    const { list } = await page('workshopManage');
    let busy = 0;
    for (const w of list) {
      const open = tasks.filter((x) => Number(x.workshopId) === w.id && x.makeStage !== '已完工');
      expect(w.openTasks, w.workshopName).toBe(open.length);
      expect(w.overdueTasks, w.workshopName).toBe(open.filter((x) => x.planEndDate && x.planEndDate < today).length);
      if (open.length) busy += 1;
    }
    expect(busy).toBeGreaterThan(0);
    expect(list.some((w) => w.overdueTasks > 0)).toBe(true);
    // The Excel export counts them too.
    const x = await t.app.inject({
      method: 'POST',
      url: api('workshopManage', 'export'),
      payload: { columns: ['workshopName', 'openTasks', 'overdueTasks'] },
      headers: { Satoken: boss },
    });
    const rows = await sheet(x.rawPayload);
    expect(rows[0]).toEqual(['车间名称', '在制任务', '逾期任务']);
    for (const w of list)
      expect(rows.find((r) => r[0] === w.workshopName)?.slice(1), w.workshopName).toEqual([
        w.openTasks,
        w.overdueTasks,
      ]);
    // What a client sends is dropped.
    const w = list.find((x) => x.openTasks > 0)!;
    const full = await get('workshopManage', w.id);
    const r = await t.call(
      'POST',
      api('workshopManage', 'update'),
      { ...full, openTasks: 999, overdueTasks: 999 },
      boss,
    );
    expect(r.status, r.message).toBe(200);
    expect(r.data.openTasks).toBe(w.openTasks);
    const stored = await t.db.selectFrom('records').select('data').where('id', '=', w.id).executeTakeFirstOrThrow();
    expect(stored.data).not.toHaveProperty('openTasks');
  });

  it('the tree 客户 → 道具项目: projects under their customer; a node filters the list on the server', async () => {
    const nodes = (await t.call('GET', '/api/data/allocatePropOrders/tree-nodes', undefined, boss)).data as Row[];
    const allProjects = (await page('propProject')).list;
    expect(allProjects.some((p) => p.status !== '已通过')).toBe(true);
    const projects = allProjects.filter((p) => p.status === '已通过');
    const withKids = nodes.filter((n) => n.children?.length);
    expect(withKids.length).toBeGreaterThan(0);
    expect(withKids).toEqual(nodes);
    for (const n of withKids) {
      for (const c of n.children) {
        const id = Number(String(c.id).replace(/^projectId:/, ''));
        const p = allProjects.find((x) => x.id === id);
        expect(p, c.name).toBeTruthy();
        expect(String(p!.customerId)).toBe(n.id);
        // Only approved projects (they have orders): drafts, refused and withdrawn ones are not offered.
        expect(p!.status, c.name).toBe('已通过');
      }
    }
    expect(withKids.flatMap((n) => n.children).length).toBeGreaterThanOrEqual(Math.min(projects.length, 1));
    // Choosing a project shows its orders only; choosing the customer shows all of that customer's.
    const n = withKids[0];
    const projectId = String(n.children[0].id).replace(/^projectId:/, '');
    const orders = await page('allocatePropOrders', {
      filters: [{ field: 'projectId', operator: 'in', value: [projectId] }],
    });
    expect(orders.total).toBeGreaterThan(0);
    for (const o of orders.list) expect(String(o.projectId)).toBe(projectId);
    const all = await page('allocatePropOrders', { filters: [{ field: 'customerId', operator: 'in', value: [n.id] }] });
    expect(all.total).toBeGreaterThanOrEqual(orders.total);
    for (const o of all.list) expect(String(o.customerId)).toBe(n.id);
    // 道具制作 and 道具质检 read 项目 and 客户 from the picked order, so the same tree filters them.
    const tasks = await page('propMake', { filters: [{ field: 'projectId', operator: 'in', value: [projectId] }] });
    const allTasks = (await page('propMake')).list;
    expect(tasks.total).toBe(allTasks.filter((x) => String(x.projectId) === projectId).length);
    expect(allTasks.every((x) => x.projectId && x.customerId && x.projectIdName && x.customerIdName)).toBe(true);
    expect((await t.call('GET', '/api/data/propMake/tree-nodes', undefined, boss)).data).toEqual(nodes);
    expect((await t.call('GET', '/api/data/propQualityTesting/tree-nodes', undefined, boss)).status).toBe(200);
    // The view pages answer the same tree; a page without a picker tree has none; another team sees none of ours.
    expect((await t.call('GET', '/api/data/propProgress/tree-nodes', undefined, boss)).data).toEqual(nodes);
    expect((await t.call('GET', '/api/data/workshopManage/tree-nodes', undefined, boss)).status).toBe(404);
    const theirs = (await t.call('GET', '/api/data/allocatePropOrders/tree-nodes', undefined, outsider)).data as Row[];
    expect(theirs).toEqual([]);
  });
});
