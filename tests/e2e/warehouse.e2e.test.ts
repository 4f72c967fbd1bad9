// Receiving goods in Chromium, from the pages the schemas describe: 仓管 罗斌 posts a 入库单 in
// /storeprocess — the 物料 cell of its line searches the material dictionary and fills 规格, 单位 and the
// reference price — and /materialStorage shows the balance grown by what came in, its value at the weighted
// average, and the new receipt in the row's 流水 popover.
import { describe, expect, it } from 'vitest';
import { HAS_CHROMIUM, shot } from './helpers';
import { choose, dialogItem, dialogOf, drawerOf, item, op, pageSuite, poll, rowOf, submitDrawer } from './page-kit';

if (!HAS_CHROMIUM) console.log('[e2e] /usr/bin/chromium not found: skipping the warehouse suite.');

describe.skipIf(!HAS_CHROMIUM)('receiving goods end to end in Chromium', () => {
  const { pages, call, openList } = pageSuite();
  const balanceOf = async (dictCode: string, warehouse: string, who = 'luobin') => {
    const list = (
      await call(who, 'POST', '/api/data/materialStorage/page', {
        pageNum: 1,
        pageSize: 50,
        filters: [{ field: 'dictCode', operator: 'eq', value: dictCode }],
      })
    ).data.list;
    return list.find((r: any) => r.warehouseIdName === warehouse);
  };

  it('a 入库单 posted in /storeprocess raises the balance in /materialStorage', async () => {
    const keeper = await pages.page('luobin');
    const before = await balanceOf('BC-0013', '原材料仓');
    expect(before.quantity).toBeGreaterThan(0);

    await openList(keeper, '/storeprocess');
    await keeper.getByRole('button', { name: '新建出入库单' }).click();
    await poll(() => item(keeper, '经办人').innerText()).toContain('罗斌');
    // 入库 is the default bill type; 出库类型 is for issues only.
    expect(await item(keeper, '出库类型').count()).toBe(0);
    await choose(keeper, item(keeper, '入库类型'), '采购入库');
    await choose(keeper, item(keeper, '仓库'), '原材料仓');
    await drawerOf(keeper).getByRole('button', { name: '新增一行' }).click();
    const line = drawerOf(keeper).locator('.ant-table-tbody tr.ant-table-row').first();
    // The 物料 cell searches the dictionary; the pick fills 规格, 单位 and the reference price.
    await choose(keeper, line.locator('td').nth(1), '3mm 高密度背板', 'BC-0013');
    await poll(() => line.locator('td').nth(2).innerText()).toBe('2440×1220×3mm');
    expect(await line.locator('td').nth(3).innerText()).toBe('张');
    await poll(() => line.locator('td').nth(6).locator('input').inputValue()).toBe('18');
    await line.locator('td').nth(4).locator('input').fill('25');
    await line.locator('td').nth(6).locator('input').fill('19.6');
    await line.locator('td').nth(6).locator('input').blur();
    await poll(() => line.locator('td').nth(7).innerText()).toBe('490');
    await shot(keeper, 'warehouse-01-receipt');
    await submitDrawer(keeper, 'warehouse-debug');
    await poll(() => keeper.locator('.ant-table-tbody tr.ant-table-row').first().innerText()).toContain('已通过');

    // The balance grew by 25; its value by 25 × 19.60.
    await openList(keeper, '/materialStorage');
    const row = rowOf(keeper, 'BC-0013').filter({ hasText: '原材料仓' });
    await poll(() => row.first().innerText()).toContain(String(before.quantity + 25));
    const after = await balanceOf('BC-0013', '原材料仓');
    expect(after.quantity).toBe(before.quantity + 25);
    expect(after.stockPrice).toBeCloseTo(before.stockPrice + 490, 2);
    await shot(keeper, 'warehouse-02-balance');
    // The row's 流水 shows the new receipt first.
    const receipt = (await call('luobin', 'POST', '/api/data/storeprocess/page', { pageNum: 1, pageSize: 1 })).data
      .list[0];
    expect(receipt.code).toMatch(/^RK/);
    await row.first().getByText('查看', { exact: true }).first().click();
    const popover = keeper.locator('.ant-popover:visible');
    await poll(() => popover.innerText()).toContain(receipt.code);
    await shot(keeper, 'warehouse-03-ledger');
  });

  it('到货入库 asks what arrived per line: part of an order comes in, the purchase stays 部分到货 and the stock grows by that part', async () => {
    const boss = await pages.page('demo');
    const list = (
      await call('demo', 'POST', '/api/data/procureProcess/page', { pageNum: 1, pageSize: 100, tab: 'order' })
    ).data.list;
    const open = list.find((r: any) => r.procureStage === '部分到货');
    const before = (await call('demo', 'GET', `/api/data/procureProcess/get?id=${open.id}`)).data;
    const [line] = before.lines;
    const outstanding = line.quantity - line.receivedQuantity;
    expect(outstanding).toBeGreaterThan(10);
    const dictCode = String(line.materialIdName).split(' ')[0];
    const stockBefore = await balanceOf(dictCode, '五金配件仓');

    await openList(boss, '/procureProcess');
    // Orders under way are under 采购订单 (the page opens on 采购申请).
    await boss.locator('.yg-section-header [role=tab]', { hasText: /^采购订单$/ }).click();
    await op(boss, open.code, '到货入库').click();
    // The dialog lists the order's lines; 本次到货 starts at what is still outstanding.
    const input = dialogOf(boss, '到货入库').getByLabel('第1行本次到货');
    await poll(() => input.inputValue()).toBe(String(outstanding));
    await input.fill('10');
    await choose(boss, dialogItem(boss, '到货入库', '入库仓库'), '五金配件仓');
    await shot(boss, 'procurement-01-partial-receive');
    await dialogOf(boss, '到货入库')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await poll(
      async () =>
        (await call('demo', 'GET', `/api/data/procureProcess/get?id=${open.id}`)).data.lines[0].receivedQuantity,
    ).toBe(line.receivedQuantity + 10);
    await poll(() => rowOf(boss, open.code).innerText()).toContain('部分到货');
    const stockAfter = await balanceOf(dictCode, '五金配件仓');
    expect(stockAfter.quantity).toBe((stockBefore?.quantity ?? 0) + 10);
    await shot(boss, 'procurement-02-partial-list');
  });

  it("库位 offers the chosen warehouse's own locations; 发货 asks what ships per line", async () => {
    const keeper = await pages.page('demo');
    await openList(keeper, '/storeprocess');
    await keeper.getByRole('button', { name: '新建出入库单' }).click();
    await choose(keeper, item(keeper, '仓库'), '五金配件仓');
    await drawerOf(keeper).getByRole('button', { name: '新增一行' }).click();
    const cell = drawerOf(keeper)
      .locator('.ant-table-tbody tr.ant-table-row')
      .first()
      .getByRole('combobox', { name: '库位', exact: true });
    await cell.click();
    const options = keeper.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await poll(() => options.allInnerTexts()).toEqual(
      expect.arrayContaining([expect.stringMatching(/^B-01/), expect.stringMatching(/^B-02/)]),
    );
    expect((await options.allInnerTexts()).some((x) => x.startsWith('A-'))).toBe(false);
    await shot(keeper, 'warehouse-04-location-select');
    await keeper.keyboard.press('Escape');

    // A signed sale: 发货 lists its lines with what is still to ship.
    const sales = (
      await call('demo', 'POST', '/api/data/salesProcess/page', { pageNum: 1, pageSize: 100, tab: 'order' })
    ).data.list;
    const signed = sales
      .filter((r: any) => r.salesStage === '已签约')
      .sort((a: any, b: any) => String(b.orderDate).localeCompare(String(a.orderDate)))[0];
    await openList(keeper, '/salesProcess');
    await keeper.locator('.yg-section-header [role=tab]', { hasText: /^订单$/ }).click();
    await op(keeper, signed.code, '发货').click();
    const first = dialogOf(keeper, '发货').getByLabel('第1行本次发货');
    const sale = (await call('demo', 'GET', `/api/data/salesProcess/get?id=${signed.id}`)).data;
    await poll(() => first.inputValue()).toBe(String(sale.lines[0].quantity));
    await shot(keeper, 'sales-01-ship-dialog');
  });

  it('申请采购 on /materialStorage opens a new purchase request holding the materials below safety stock, safety − available each', async () => {
    const boss = await pages.page('demo');
    const low = (
      await call('demo', 'POST', '/api/data/materialStorage/page', { pageNum: 1, pageSize: 200, tab: 'low' })
    ).data.list;
    expect(low.length).toBeGreaterThan(0);
    await openList(boss, '/materialStorage');
    // Nothing selected: every row below safety stock.
    await boss.getByRole('button', { name: '申请采购' }).click();
    await poll(() => boss.url()).toContain('/procureProcess');
    const lines = drawerOf(boss).locator('.ant-table-tbody tr.ant-table-row');
    await poll(() => lines.count()).toBe(low.length);
    const first = low[0];
    await poll(() => lines.first().innerText()).toContain(first.dictCode);
    // 序号, 物料, 规格型号, 单位, 数量: the suggestion is safety − available.
    await poll(() => lines.first().locator('td').nth(4).locator('input').inputValue()).toBe(
      String(first.safetyStock - first.availableQuantity),
    );
    await poll(() => item(boss, '采购事由').locator('textarea').inputValue()).toContain('低于安全库存');
    await shot(boss, 'warehouse-05-request-purchase');
  });
});
