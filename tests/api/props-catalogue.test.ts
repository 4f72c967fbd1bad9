// Props catalogue (issue 12, part A): 配件项目, 我的道具, 道具登记 → 道具核价 → 我的道具, 车间管理, 道具字典 — all data.
// A registration is approved (technical review) → 待核价 and creates (or versions) the /myProp record; its
// pricing is approved → the prop's standardPrice is written and the registration reads 已核价; 入库 → 已入库.
// Refused cases: bad input, illegal stage jumps, a price below cost + 10 % without a manager; re-sending changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { testDialects } from '../helpers/databases';
import { createTestApp, dictItemId, type TestApp } from '../helpers/test-app';
import { dataApi as api, getRecord, uploadPng } from '../helpers/records';
import { DEMO, DEMO_FINANCE, DEMO_STAFF } from '../../src/server/seed';

type Row = Record<string, any>;

describe.each(testDialects())('props catalogue on $name', (dialect) => {
  let t: TestApp;
  let boss: string;
  let lisi: string;
  let staff: string;
  let dict: Record<string, any[]>;
  let img: { url: string; name: string };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    boss = await t.login(DEMO.username, DEMO.password);
    lisi = await t.login(DEMO_FINANCE.username, DEMO_FINANCE.password);
    staff = await t.login(DEMO_STAFF.username, DEMO_STAFF.password);
    dict = (await t.call('POST', '/api/admin/sysmenuListFieldDict/queryByFieldKeys',
      ['unit', 'propCategory', 'boardMaterial', 'surfaceFinish', 'accessoryCategory', 'costItem', 'workshopType', 'process'], boss)).data;
    img = await uploadPng(t, boss, '效果图.png');
  });
  afterAll(async () => t?.close());

  const d = (key: string, name: string) => dictItemId(dict, key, name);
  async function call(method: 'POST' | 'GET', url: string, body: unknown, token = boss) {
    const r = await t.call(method, url, body, token);
    expect(r.status, r.message).toBe(200);
    return r.data as Row;
  }
  const add = (module: string, body: Row, token = boss) => call('POST', api(module, 'add'), body, token);
  const partnerId = async (name: string) => (await call('POST', api('partnerInfo', 'page'), { pageNum: 1, pageSize: 5, keyword: name })).list[0].id as number;

  it('我的道具: a prop entered directly is in the library; bad input is refused in Chinese', async () => {
    const hinge = await add('accessoryProject', { accessoryName: '阻尼铰链（测试）', accessoryCategory: d('accessoryCategory', '五金件'), spec: '35mm 全盖', unit: d('unit', '个'), unitPrice: 6.5 });
    expect(hinge.code).toMatch(/^PJ\d{12}$/);
    const p = await add('myProp', {
      propName: '收银台（测试）', propNo: 'T-0001', propCategory: d('propCategory', '收银台'), size: { length: 1800, width: 600, height: 1050 },
      boardMaterial: d('boardMaterial', '多层板'), surfaceFinish: [d('surfaceFinish', '钢琴烤漆')], images: [img],
      lines: [{ itemType: '部件', partName: '台面', material: d('boardMaterial', '多层板'), size: '1800×600×18', quantity: 1, unit: '块' },
        { itemType: '配件', accessoryId: hinge.id, quantity: 4 }],
    });
    expect(p).toMatchObject({ code: expect.stringMatching(/^DJ\d{12}$/), libraryStatus: '已入库', enabled: true, status: '已通过' });
    expect(p.lines[1]).toMatchObject({ accessoryIdName: expect.stringContaining('阻尼铰链'), unit: '个' });
    for (const [body, message] of [
      [{ propNo: 'T-0002', propCategory: d('propCategory', '中岛'), size: { length: 1200, width: 1200, height: 900 }, images: [img] }, '道具名称'],
      [{ propName: '无图', propNo: 'T-0003', propCategory: d('propCategory', '中岛'), size: { length: 1200, width: 1200, height: 900 } }, '效果图'],
      [{ propName: '超大', propNo: 'T-0004', propCategory: d('propCategory', '中岛'), size: { length: 30000, width: 1200, height: 900 }, images: [img] }, '20000'],
      [{ propName: '重号', propNo: 'T-0001', propCategory: d('propCategory', '中岛'), size: { length: 1200, width: 1200, height: 900 }, images: [img] }, '该道具编号已存在'],
      [{ propName: '自定价', propNo: 'T-0005', standardPrice: 1, propCategory: d('propCategory', '中岛'), size: { length: 1200, width: 1200, height: 900 }, images: [img] }, null],
    ] as [Row, string | null][]) {
      const r = await t.call('POST', api('myProp', 'add'), body, boss);
      if (message === null) {
        // standardPrice is the server's (written by an approved pricing): what a client sends is ignored.
        expect(r.status, r.message).toBe(200);
        expect(r.data.standardPrice ?? null).toBeNull();
      } else {
        expect(r.status).toBe(message === '该道具编号已存在' ? 409 : 400);
        expect(r.message).toContain(message);
      }
    }
  });
});
