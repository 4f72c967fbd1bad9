// The stock ledger through the warehousing pages: opening stock once per warehouse, receipts and
// issues at the moving weighted average (checked against a hand calculation to the fen), first in first out
// when the team says so, transfers and counts, negative stock refused unless the warehouse allows it — also
// for 20 issues at once against a stock of 10 — and balances nobody can write by hand.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { testDialects } from '../helpers/databases';
import { openDemoSuite, dictItemId, type TestApp } from '../helpers/test-app';
import { approveAll, dataApi as api, getRecord, flowCalls, userId } from '../helpers/records';

type Row = Record<string, any>;

describe.each(testDialects())('stock ledger on $name', (dialect) => {
  let t: TestApp;
  let boss: string;
  let lisi: string;
  let dict: Record<string, any[]>;
  let main: number;
  let loose: number;

  beforeAll(async () => {
    ({ t, boss, lisi, dict } = await openDemoSuite(dialect, [
      'warehouseType',
      'unit',
      'stockInType',
      'stockOutType',
      'materialCategory',
    ]));
    main = (
      await add('storeSetting', {
        warehouseName: '测试主仓',
        warehouseType: d('warehouseType', '原材料仓'),
        keeperId: await uid('demo'),
        lines: [{ locationCode: 'A-01' }],
      })
    ).id;
    loose = (
      await add('storeSetting', {
        warehouseName: '测试周转仓',
        warehouseType: d('warehouseType', '配件仓'),
        keeperId: await uid('demo'),
        allowNegative: true,
      })
    ).id;
  });
  afterAll(async () => t?.close());

  const d = (key: string, name: string) => dictItemId(dict, key, name);
  const uid = (u: string) => userId(t, u);
  const { add } = flowCalls(
    () => t,
    () => boss,
  );
  let seq = 0;
  const material = (name: string, refPrice = 10) =>
    add('materialDictionary', {
      materialCategory: d('materialCategory', '多层板'),
      dictCode: `TS-${String(++seq).padStart(4, '0')}`,
      dictName: name,
      spec: '2440×1220×18mm',
      unit: d('unit', '张'),
      refPrice,
    });
  const bill = (billType: string, warehouseId: number, lines: Row[], extra: Row = {}) => ({
    billType,
    warehouseId,
    billDate: '2031-03-01',
    handlerId: undefined,
    lines,
    ...(billType === '入库'
      ? { stockInType: d('stockInType', '采购入库') }
      : billType === '出库'
        ? { stockOutType: d('stockOutType', '生产领料') }
        : {}),
    ...extra,
  });
  const post = (billType: string, warehouseId: number, lines: Row[], extra: Row = {}, token = boss) =>
    t.call('POST', api('storeprocess', 'add'), { ...bill(billType, warehouseId, lines, extra), submit: true }, token);
  async function balance(materialId: number, warehouseId: number) {
    const r = await sql<{
      data: Row;
      lines: Row[];
    }>`SELECT data, lines FROM records WHERE module = 'materialStorage' AND deleted_at IS NULL
      AND data->>'materialId' = ${String(materialId)} AND data->>'warehouseId' = ${String(warehouseId)}`.execute(t.db);
    expect(r.rows.length).toBeLessThanOrEqual(1);
    return r.rows[0] ? { ...r.rows[0].data, moves: r.rows[0].lines } : null;
  }
  const moves = async (materialId: number) =>
    Number(
      (
        await sql<{
          n: string;
        }>`SELECT count(*) AS n FROM stock_moves WHERE keys->>'materialId' = ${String(materialId)}`.execute(t.db)
      ).rows[0].n,
    );

  it('opening stock posts once per warehouse; receipts and issues follow the moving weighted average to the fen', async () => {
    const board = await material('多层板 18mm（测试）', 100);
    const init = await add('storageinit', {
      warehouseId: main,
      initDate: '2031-01-01',
      lines: [{ materialId: board.id, quantity: 10, unitPrice: 100, location: 'A-01' }],
    });
    expect(init).toMatchObject({ initStage: '草稿', totalPrice: 1000, itemCount: 1 });
    expect(init.lines[0]).toMatchObject({
      materialIdName: `${board.dictCode} 多层板 18mm（测试） 2440×1220×18mm`,
      spec: '2440×1220×18mm',
      unit: '张',
    });
    // One open opening per warehouse.
    expect(
      await t.call('POST', api('storageinit', 'add'), { warehouseId: main, initDate: '2031-01-01', lines: [] }, boss),
    ).toMatchObject({ status: 400, message: '该仓库已有一张未确认的期初单' });
    expect(await balance(board.id, main)).toBeNull();
    const confirmed = await t.call(
      'POST',
      api('storageinit', 'stage'),
      { id: init.id, action: 'confirm', values: {} },
      boss,
    );
    expect(confirmed.status, confirmed.message).toBe(200);
    expect(await balance(board.id, main)).toMatchObject({
      quantity: 10,
      stockPrice: 1000,
      avgPrice: 100,
      location: 'A-01',
      spec: '2440×1220×18mm',
      unit: '张',
    });
    // Confirmed: locked, and no second opening once the warehouse has postings.
    expect(
      (
        await t.call(
          'POST',
          api('storageinit', 'update'),
          { id: init.id, warehouseId: main, initDate: '2031-01-02', lines: [] },
          boss,
        )
      ).status,
    ).toBe(409);
    const again = await add('storageinit', {
      warehouseId: main,
      initDate: '2031-01-05',
      lines: [{ materialId: board.id, quantity: 1, unitPrice: 1 }],
    });
    const refused = await t.call(
      'POST',
      api('storageinit', 'stage'),
      { id: again.id, action: 'confirm', values: {} },
      boss,
    );
    expect(refused.status).toBe(409);
    expect(refused.message).toContain('已有出入库记录，不能再录入期初');
    expect((await getRecord(t, 'storageinit', again.id, boss)).initStage).toBe('草稿');

    // 10 × 100 = 1000.00; + 7 × 123.45 = 864.15 → 17, 1864.15.
    const r1 = await post('入库', main, [{ materialId: board.id, quantity: 7, unitPrice: 123.45, location: 'A-01' }]);
    expect(r1.status, r1.message).toBe(200);
    expect(r1.data).toMatchObject({ status: '已通过', postStage: '已过账' });
    expect(r1.data.code).toMatch(/^RK\d{12}$/);
    expect(await balance(board.id, main)).toMatchObject({ quantity: 17, stockPrice: 1864.15 });
    // Issue 5: 1864.15 × 5 ÷ 17 = 548.279… → 548.28, written back to the line as 109.656 a unit.
    const r2 = await post('出库', main, [{ materialId: board.id, quantity: 5, location: 'A-01' }]);
    expect(r2.status, r2.message).toBe(200);
    expect(r2.data.code).toMatch(/^CK/);
    expect(await balance(board.id, main)).toMatchObject({ quantity: 12, stockPrice: 1315.87 });
    const issued = await getRecord(t, 'storeprocess', r2.data.id, boss);
    expect(issued.lines[0]).toMatchObject({ unitPrice: 109.656, totalPrice: 548.28 });
    // + 8 × 130 = 1040 → 20, 2355.87 (avg 117.79); the last 20 leave with the whole value.
    expect(
      (await post('入库', main, [{ materialId: board.id, quantity: 8, unitPrice: 130, location: 'A-01' }])).status,
    ).toBe(200);
    expect(await balance(board.id, main)).toMatchObject({ quantity: 20, stockPrice: 2355.87, avgPrice: 117.79 });
    expect((await post('出库', main, [{ materialId: board.id, quantity: 20, location: 'A-01' }])).status).toBe(200);
    const empty = await balance(board.id, main);
    expect(empty).toMatchObject({ quantity: 0, stockPrice: 0 });
    // The ledger holds every move; the balance shows them newest first.
    expect(await moves(board.id)).toBe(5);
    expect(empty!.moves.map((m: Row) => m.quantity)).toEqual([-20, 8, -5, 7, 10]);
    expect(empty!.moves[1]).toMatchObject({
      sourceType: '仓储流程',
      unitPrice: 130,
      amount: 1040,
      balanceQuantity: 20,
    });
    // Out of stock: refused with what there is, and nothing moves.
    const short = await post('出库', main, [{ materialId: board.id, quantity: 1, location: 'A-01' }]);
    expect(short.status).toBe(409);
    expect(short.message).toMatch(/^库存不足：测试主仓 · .*多层板 18mm（测试）.* 现有 0，本次出库 1$/);
    expect(await moves(board.id)).toBe(5);
  });

  it('20 issues at once against a stock of 10: exactly 10 pass, the rest are refused, never below 0', async () => {
    const hinge = await material('铰链（并发测试）', 5);
    expect((await post('入库', main, [{ materialId: hinge.id, quantity: 10, unitPrice: 5 }])).status).toBe(200);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post('出库', main, [{ materialId: hinge.id, quantity: 1 }], {}, i % 2 ? boss : lisi),
      ),
    );
    const passed = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    expect(passed).toHaveLength(10);
    expect(refused.every((r) => r.status === 409 && r.message.startsWith('库存不足'))).toBe(true);
    expect(await balance(hinge.id, main)).toMatchObject({ quantity: 0, stockPrice: 0 });
    expect(await moves(hinge.id)).toBe(11);
    // The refused documents were not stored half-done: only the passed ones exist, each posted.
    const stored = await sql<{
      n: string;
    }>`SELECT count(*) AS n FROM records WHERE module = 'storeprocess' AND deleted_at IS NULL
      AND status = '已通过' AND lines->0->>'materialId' = ${String(hinge.id)}`.execute(t.db);
    expect(Number(stored.rows[0].n)).toBe(11);
  });

  it('a warehouse that allows it goes negative; a transfer moves cost; a count books the difference', async () => {
    const glue = await material('白乳胶（测试）', 20);
    // 周转仓 allows negative stock.
    expect((await post('出库', loose, [{ materialId: glue.id, quantity: 3 }])).status).toBe(200);
    expect(await balance(glue.id, loose)).toMatchObject({ quantity: -3 });
    // 主仓 receives 10 × 20 and sends 4 to 周转仓 at its cost.
    expect((await post('入库', main, [{ materialId: glue.id, quantity: 10, unitPrice: 20 }])).status).toBe(200);
    expect(
      (await post('调拨', main, [{ materialId: glue.id, quantity: 4 }], { targetWarehouseId: main })).message,
    ).toBe('调入仓库不能与调出仓库相同');
    const moved = await post('调拨', main, [{ materialId: glue.id, quantity: 4 }], { targetWarehouseId: loose });
    expect(moved.status, moved.message).toBe(200);
    expect(moved.data.code).toMatch(/^DB/);
    expect(await balance(glue.id, main)).toMatchObject({ quantity: 6, stockPrice: 120 });
    expect(await balance(glue.id, loose)).toMatchObject({ quantity: 1 });
    // A count of 5 where the books say 6: one leaves at cost; the line keeps what the books said.
    const counted = await post('盘点', main, [{ materialId: glue.id, quantity: 5 }]);
    expect(counted.status, counted.message).toBe(200);
    expect(await balance(glue.id, main)).toMatchObject({ quantity: 5, stockPrice: 100 });
    expect((await getRecord(t, 'storeprocess', counted.data.id, boss)).lines[0]).toMatchObject({
      bookQuantity: 6,
      quantity: 5,
      unitPrice: 20,
    });
    // Zero quantities are for counts only.
    expect((await post('入库', main, [{ materialId: glue.id, quantity: 0, unitPrice: 1 }])).message).toBe(
      '出入库数量必须大于 0',
    );
  });

  it('transfers in opposite directions at once all land and keep the totals', async () => {
    const parts = [
      await material('螺丝 M4（测试）', 1),
      await material('螺母 M4（测试）', 1),
      await material('垫片 M4（测试）', 1),
    ];
    for (const w of [main, loose]) {
      expect(
        (
          await post(
            '入库',
            w,
            parts.map((m) => ({ materialId: m.id, quantity: 100, unitPrice: 1 })),
          )
        ).status,
      ).toBe(200);
    }
    // Each transfer locks the balances of every part in both warehouses; half go one way, half the other, with
    // their lines in opposite orders (a deadlock, should one occur, is retried: tests/api/tenant-retry.test.ts).
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => {
        const [from, to] = i % 2 ? [main, loose] : [loose, main];
        const lines = (i % 2 ? parts : [...parts].reverse()).map((m) => ({ materialId: m.id, quantity: 1 }));
        return post('调拨', from, lines, { targetWarehouseId: to }, i % 3 ? boss : lisi);
      }),
    );
    expect(
      results.map((r) => r.status),
      results.map((r) => r.message).join(' '),
    ).toEqual(Array(30).fill(200));
    for (const m of parts) {
      expect(await balance(m.id, main)).toMatchObject({ quantity: 100 });
      expect(await balance(m.id, loose)).toMatchObject({ quantity: 100 });
    }
  }, 300_000); // PGlite runs the 30 transfers (180 postings) one after another: minutes on a loaded machine

  it('报废 waits for approval before it moves stock; balances cannot be written by hand; picks are checked', async () => {
    const paint = await material('木器漆（测试）', 80);
    expect((await post('入库', main, [{ materialId: paint.id, quantity: 4, unitPrice: 80 }])).status).toBe(200);
    const scrap = await post('出库', main, [{ materialId: paint.id, quantity: 1 }], {
      stockOutType: d('stockOutType', '报废出库'),
    });
    expect(scrap.status, scrap.message).toBe(200);
    expect(scrap.data.status).toBe('审批中');
    expect(await balance(paint.id, main)).toMatchObject({ quantity: 4 });
    expect(await approveAll(t, 'storeprocess', scrap.data.id, [boss, lisi])).toMatchObject({
      status: '已通过',
      postStage: '已过账',
    });
    expect(await balance(paint.id, main)).toMatchObject({ quantity: 3, stockPrice: 240 });
    // Nobody types a balance.
    expect(
      (
        await t.call(
          'POST',
          api('materialStorage', 'add'),
          { materialId: paint.id, warehouseId: main, quantity: 999 },
          boss,
        )
      ).status,
    ).toBe(403);
    // A forged or disabled material is refused with its line.
    expect(
      await post('入库', main, [
        { materialId: paint.id, quantity: 1, unitPrice: 1 },
        { materialId: 987654321, quantity: 1, unitPrice: 1 },
      ]),
    ).toMatchObject({ status: 400, message: '第2行物料不存在或不可选' });
    const old = await material('停用物料（测试）');
    expect((await t.call('POST', api('materialDictionary', 'update'), { ...old, enabled: false }, boss)).status).toBe(
      200,
    );
    expect(await post('入库', main, [{ materialId: old.id, quantity: 1, unitPrice: 1 }])).toMatchObject({
      status: 400,
      message: '第1行物料不存在或不可选',
    });
    // The line picker offers materials, by keyword.
    const offered = (
      await t.call(
        'POST',
        api('storeprocess', 'options'),
        { field: 'lines.materialId', values: {}, keyword: '木器漆（测试）' },
        boss,
      )
    ).data;
    expect(offered.map((o: Row) => o.value)).toEqual([paint.id]);
    expect(offered[0].record).toMatchObject({ spec: '2440×1220×18mm', unitName: '张', refPrice: 80 });
  });

  it('first in, first out when the team sets it: an issue takes the oldest receipts first', async () => {
    // One costing record per team (the demo's says 移动加权平均): this team switches it.
    const costing = (await t.call('POST', api('storeSettingCosting', 'page'), { pageNum: 1, pageSize: 5 }, boss)).data
      .list;
    expect(costing).toHaveLength(1);
    expect(costing[0].costingMethod).toBe('移动加权平均');
    expect(
      (
        await t.call(
          'POST',
          api('storeSettingCosting', 'update'),
          { id: costing[0].id, costingMethod: '先进先出' },
          boss,
        )
      ).status,
    ).toBe(200);
    expect((await t.call('POST', api('storeSettingCosting', 'add'), { costingMethod: '先进先出' }, boss)).status).toBe(
      409,
    );
    const lamp = await material('LED 灯条（测试）', 10);
    expect((await post('入库', main, [{ materialId: lamp.id, quantity: 5, unitPrice: 10 }])).status).toBe(200);
    expect((await post('入库', main, [{ materialId: lamp.id, quantity: 5, unitPrice: 20 }])).status).toBe(200);
    // 7 out: 5 × 10 + 2 × 20 = 90 (the average would say 105).
    const out = await post('出库', main, [{ materialId: lamp.id, quantity: 7 }]);
    expect(out.status, out.message).toBe(200);
    expect(await balance(lamp.id, main)).toMatchObject({ quantity: 3, stockPrice: 60 });
    expect((await getRecord(t, 'storeprocess', out.data.id, boss)).lines[0]).toMatchObject({
      unitPrice: 12.8571,
      quantity: 7,
      totalPrice: 90,
    });
    // The next 3 are the rest of the second receipt.
    expect((await post('出库', main, [{ materialId: lamp.id, quantity: 3 }])).status).toBe(200);
    expect(await balance(lamp.id, main)).toMatchObject({ quantity: 0, stockPrice: 0 });
  });

  it("库位 is one of the warehouse's own 库位 (the target warehouse's for 调入库位); the picker offers them", async () => {
    const hinge = await material('铰链（库位测试）', 3);
    const side = (
      await add('storeSetting', {
        warehouseName: '库位测试仓',
        warehouseType: d('warehouseType', '配件仓'),
        keeperId: await uid('demo'),
        lines: [
          { locationCode: 'K-01', locationName: '一号货架' },
          { locationCode: 'K-02', locationName: '二号货架' },
        ],
      })
    ).id;
    // The warehouse picker hands its 库位 lines to the form.
    const offered = (
      await t.call(
        'POST',
        api('storeprocess', 'options'),
        { field: 'warehouseId', values: {}, keyword: '库位测试仓' },
        boss,
      )
    ).data;
    expect(offered[0].record.lines.map((l: Row) => l.locationCode)).toEqual(['K-01', 'K-02']);
    // Another warehouse's or a made-up 库位 is refused with its line.
    expect(
      await post('入库', side, [
        { materialId: hinge.id, quantity: 5, unitPrice: 3, location: 'K-02' },
        { materialId: hinge.id, quantity: 1, unitPrice: 3, location: 'A-01' },
      ]),
    ).toMatchObject({ status: 400, message: '第2行库位「A-01」不在所选仓库中' });
    const ok = await post('入库', side, [{ materialId: hinge.id, quantity: 5, unitPrice: 3, location: 'K-02' }]);
    expect(ok.status, ok.message).toBe(200);
    expect(ok.data.lines[0]).toMatchObject({ location: 'K-02', locationName: 'K-02 二号货架' });
    expect(await balance(hinge.id, side)).toMatchObject({ quantity: 5, location: 'K-02' });
    // 调入库位 belongs to the receiving warehouse.
    expect(
      await post('调拨', side, [{ materialId: hinge.id, quantity: 2, location: 'K-02', targetLocation: 'K-01' }], {
        targetWarehouseId: main,
      }),
    ).toMatchObject({ status: 400, message: '第1行调入库位「K-01」不在所选调入仓库中' });
    const moved = await post(
      '调拨',
      side,
      [{ materialId: hinge.id, quantity: 2, location: 'K-02', targetLocation: 'A-01' }],
      { targetWarehouseId: main },
    );
    expect(moved.status, moved.message).toBe(200);
    expect(await balance(hinge.id, main)).toMatchObject({ quantity: 2, location: 'A-01' });
    // 调入库位 is a 调拨's alone (recordDependOn billType = 调拨): on an 入库 a stale one is neither checked nor stored.
    const stale = await post('入库', side, [
      { materialId: hinge.id, quantity: 1, unitPrice: 3, location: 'K-01', targetLocation: 'K-02' },
    ]);
    expect(stale.status, stale.message).toBe(200);
    expect(stale.data.lines[0]).toMatchObject({ location: 'K-01', locationName: 'K-01 一号货架' });
    expect(stale.data.lines[0].targetLocation).toBeUndefined();
    expect(stale.data.lines[0].targetLocationName).toBeUndefined();
    // 期初 too.
    const other = await material('拉手（库位测试）', 2);
    expect(
      await t.call(
        'POST',
        api('storageinit', 'add'),
        {
          warehouseId: side,
          initDate: '2031-01-01',
          lines: [{ materialId: other.id, quantity: 1, unitPrice: 2, location: 'Z-9' }],
        },
        boss,
      ),
    ).toMatchObject({ status: 400, message: '第1行库位「Z-9」不在所选仓库中' });
  });
  it('an issue under approval locks its quantity: available = quantity − locked; posting, refusal and withdrawal release it', async () => {
    const tape = await material('封箱胶带（锁定测试）', 3);
    expect((await post('入库', main, [{ materialId: tape.id, quantity: 10, unitPrice: 3 }])).status).toBe(200);
    const scrapType = { stockOutType: d('stockOutType', '报废出库') };
    // 报废 6 waits for approval: the 6 are locked, not gone.
    const scrap = await post('出库', main, [{ materialId: tape.id, quantity: 6 }], scrapType);
    expect(scrap.data?.status, scrap.message).toBe('审批中');
    expect(await balance(tape.id, main)).toMatchObject({ quantity: 10, lockedQuantity: 6, availableQuantity: 4 });
    // Another issue may take only what is available; a second reservation too.
    const beyond = await post('出库', main, [{ materialId: tape.id, quantity: 5 }]);
    expect(beyond.status).toBe(409);
    expect(beyond.message).toMatch(
      /^可用库存不足：测试主仓 · .*封箱胶带（锁定测试）.* 现有 10，已锁定 6，可用 4，本次出库 5$/,
    );
    expect((await post('出库', main, [{ materialId: tape.id, quantity: 5 }], scrapType)).message).toMatch(
      /^可用库存不足：.*，可用 4，本次出库 5$/,
    );
    expect((await post('出库', main, [{ materialId: tape.id, quantity: 4 }])).status).toBe(200);
    expect(await balance(tape.id, main)).toMatchObject({ quantity: 6, lockedQuantity: 6, availableQuantity: 0 });
    // Approval posts the issue and releases its hold.
    expect(await approveAll(t, 'storeprocess', scrap.data.id, [boss, lisi])).toMatchObject({
      status: '已通过',
      postStage: '已过账',
    });
    expect(await balance(tape.id, main)).toMatchObject({
      quantity: 0,
      lockedQuantity: 0,
      availableQuantity: 0,
      stockPrice: 0,
    });

    expect((await post('入库', main, [{ materialId: tape.id, quantity: 5, unitPrice: 3 }])).status).toBe(200);
    // Withdrawn: released.
    const w = await post('出库', main, [{ materialId: tape.id, quantity: 2 }], scrapType);
    expect(await balance(tape.id, main)).toMatchObject({ lockedQuantity: 2, availableQuantity: 3 });
    expect((await t.call('POST', '/api/oa/process/withdraw', { formId: w.data.id }, boss)).status).toBe(200);
    expect(await balance(tape.id, main)).toMatchObject({ quantity: 5, lockedQuantity: 0, availableQuantity: 5 });
    // Refused: released; submitted again: held again; approved: posted once, hold gone.
    const r = await post('出库', main, [{ materialId: tape.id, quantity: 3 }], scrapType);
    expect(await balance(tape.id, main)).toMatchObject({ lockedQuantity: 3 });
    let refused = false;
    for (const token of [boss, lisi]) {
      const task = (await t.call('GET', `/api/oa/task/findTaskIdByFormId?formId=${r.data.id}`, undefined, token)).data;
      if (!task?.taskId) continue;
      const x = await t.call(
        'POST',
        '/api/oa/process/refuse',
        { taskId: task.taskId, processInstanceId: task.processInstanceId, comments: '数量有误' },
        token,
      );
      expect(x.status, x.message).toBe(200);
      refused = true;
      break;
    }
    expect(refused).toBe(true);
    expect(await balance(tape.id, main)).toMatchObject({ lockedQuantity: 0, availableQuantity: 5 });
    const again = await t.call('POST', api('storeprocess', 'submit'), { id: r.data.id }, boss);
    expect(again.status, again.message).toBe(200);
    expect(await balance(tape.id, main)).toMatchObject({ quantity: 5, lockedQuantity: 3, availableQuantity: 2 });
    expect(await approveAll(t, 'storeprocess', r.data.id, [boss, lisi])).toMatchObject({ status: '已通过' });
    expect(await balance(tape.id, main)).toMatchObject({
      quantity: 2,
      lockedQuantity: 0,
      availableQuantity: 2,
      stockPrice: 6,
    });
    expect(
      Number(
        (
          await sql<{
            n: string;
          }>`SELECT count(*) AS n FROM stock_reservations WHERE source_id IN (${scrap.data.id}, ${w.data.id}, ${r.data.id})`.execute(
            t.db,
          )
        ).rows[0].n,
      ),
    ).toBe(0);
  });

  it('10 reservations at once against 5 available: exactly 5 hold, the rest are refused', async () => {
    const nail = await material('钉子（锁定并发）', 1);
    expect((await post('入库', main, [{ materialId: nail.id, quantity: 5, unitPrice: 1 }])).status).toBe(200);
    const scrapType = { stockOutType: d('stockOutType', '报废出库') };
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        post('出库', main, [{ materialId: nail.id, quantity: 1 }], scrapType, i % 2 ? boss : lisi),
      ),
    );
    expect(results.filter((x) => x.status === 200)).toHaveLength(5);
    expect(
      results.filter((x) => x.status !== 200).every((x) => x.status === 409 && x.message.startsWith('可用库存不足')),
    ).toBe(true);
    expect(await balance(nail.id, main)).toMatchObject({ quantity: 5, lockedQuantity: 5, availableQuantity: 0 });
  });

  it('a warehouse shows the value of its stock, the sum of its balances to the fen', async () => {
    const got = (await t.call('GET', `${api('storeSetting', 'get')}?id=${main}`, undefined, boss)).data;
    const sum = await sql<{
      v: string;
    }>`SELECT coalesce(sum((data->>'stockPrice')::numeric), 0) AS v FROM records WHERE module = 'materialStorage'
      AND deleted_at IS NULL AND data->>'warehouseId' = ${String(main)}`.execute(t.db);
    expect(Number(sum.rows[0].v)).toBeGreaterThan(0);
    expect(got.stockValue).toBe(Number(sum.rows[0].v));
    const listed = (await t.call('POST', api('storeSetting', 'page'), { pageNum: 1, pageSize: 50 }, boss)).data.list;
    expect(listed.find((w: Row) => w.id === main).stockValue).toBe(Number(sum.rows[0].v));
    // Never stored, whatever a client sends.
    const raw = await sql<{ data: Row }>`SELECT data FROM records WHERE id = ${main}`.execute(t.db);
    expect(raw.rows[0].data.stockValue).toBeUndefined();
  });
});
