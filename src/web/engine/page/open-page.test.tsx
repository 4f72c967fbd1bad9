// @vitest-environment jsdom
// Button action `open` (库存 → 申请采购): the rows below safety stock become the new purchase request's lines with
// the suggested quantity safety − available; the values travel once through sessionStorage to the target page.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ButtonDef, PageSchema } from '../../../common/schema/types';
import { openRows, openValues, stashOpen, takeOpen } from './open-page';

const page = JSON.parse(readFileSync('schemas/warehousing/materialStorage.json', 'utf8')) as PageSchema;
const action = page.list.actions!.find((b: ButtonDef) => b.action === 'open')!;

const rows = [
  {
    id: 1,
    materialId: 11,
    dictCode: 'WJ-0001',
    materialName: '缓冲铰链',
    spec: '35mm',
    unit: '个',
    warehouseId: 3,
    warehouseIdName: '原材料仓',
    quantity: 40,
    lockedQuantity: 10,
    availableQuantity: 30,
    safetyStock: 100,
    avgPrice: 3.5,
    belowSafety: '是',
  },
  {
    id: 2,
    materialId: 12,
    dictCode: 'WJ-0002',
    materialName: '阻尼导轨',
    spec: '450mm',
    unit: '副',
    warehouseId: 3,
    warehouseIdName: '原材料仓',
    quantity: 80,
    lockedQuantity: 0,
    availableQuantity: 80,
    safetyStock: 50,
    avgPrice: 18,
    belowSafety: '否',
  },
  {
    id: 3,
    materialId: 13,
    dictCode: 'WJ-0003',
    materialName: '拉手',
    spec: '128mm',
    unit: '个',
    warehouseId: 4,
    warehouseIdName: '配件仓',
    quantity: 0,
    lockedQuantity: 0,
    availableQuantity: 0,
    safetyStock: 20,
    avgPrice: null,
    belowSafety: '是',
  },
];

describe('open another page prefilled (申请采购 from 物料库存)', () => {
  it('the 库存 page declares it for users who may add a purchase request, from the low-stock tab', () => {
    expect(action).toMatchObject({
      text: '申请采购',
      permissionCode: 'procureProcess:add',
      open: { page: 'procureProcess', tab: 'low' },
    });
    expect(page.sectionHeader?.tabs?.some((t) => t.value === 'low')).toBe(true);
  });

  it('only rows below safety stock become lines, each with safety − available, its warehouse and price', () => {
    const picked = openRows(action.open!, rows);
    expect(picked.map((r) => r.id)).toEqual([1, 3]);
    const values = openValues(action.open!, picked);
    expect(values.reason).toBe('补充库存：可用数量低于安全库存的物料');
    expect(values.lines).toEqual([
      {
        materialId: 11,
        materialIdName: 'WJ-0001 缓冲铰链 35mm',
        spec: '35mm',
        unit: '个',
        quantity: 70,
        unitPrice: 3.5,
        warehouseId: 3,
        warehouseIdName: '原材料仓',
      },
      // No cost yet: the price is left for the material's reference price.
      {
        materialId: 13,
        materialIdName: 'WJ-0003 拉手 128mm',
        spec: '128mm',
        unit: '个',
        quantity: 20,
        warehouseId: 4,
        warehouseIdName: '配件仓',
      },
    ]);
    expect(openRows(action.open!, [rows[1]])).toEqual([]);
  });

  it('the values are taken once by the target page', () => {
    stashOpen('procureProcess', { lines: [{ materialId: 11 }] });
    expect(takeOpen('otherPage')).toBeNull();
    expect(takeOpen('procureProcess')).toEqual({ lines: [{ materialId: 11 }] });
    expect(takeOpen('procureProcess')).toBeNull();
  });
});
