import { describe, expect, it } from 'vitest';
import { applyComputed } from './computed';
import type { FieldDef } from './schema/types';

const fields: FieldDef[] = [
  { fieldName: 'totalPrice', titleName: '报销总额', fontendType: 'number', compute: { sumOf: 'price' } },
  { fieldName: 'offsetPrice', titleName: '冲借支金额', fontendType: 'number' },
  { fieldName: 'actualPrice', titleName: '实付', fontendType: 'number', compute: { difference: ['totalPrice', 'offsetPrice'] } },
];

describe('computed fields', () => {
  it('sums line items to two decimals and subtracts', () => {
    const out = applyComputed(fields, { offsetPrice: 10, totalPrice: 999 }, [{ price: 0.1 }, { price: '0.2' }, { price: 100 }, { price: '' }]);
    expect(out.totalPrice).toBe(100.3);
    expect(out.actualPrice).toBe(90.3);
  });

  it('treats missing values as zero and leaves other fields alone', () => {
    expect(applyComputed(fields, { reason: 'x' }, [])).toEqual({ reason: 'x', totalPrice: 0, actualPrice: 0 });
  });
});
