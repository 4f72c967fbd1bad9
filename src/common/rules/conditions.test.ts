import { describe, expect, it } from 'vitest';
import { conditionHolds, isValueRef, resolveRef, visibleFields } from './conditions';
import type { FieldDef } from '../schema/types';

describe('dependOn conditions', () => {
  it('holds for the given value (numbers and their text alike), one of several, or any value', () => {
    expect(conditionHolds({ field: 'applyType', value: '请假' }, { applyType: '请假' })).toBe(true);
    expect(conditionHolds({ field: 'applyType', value: '请假' }, { applyType: '出差' })).toBe(false);
    expect(conditionHolds({ field: 'typeId', value: 12 }, { typeId: '12' })).toBe(true);
    expect(conditionHolds({ field: 'applyType', values: ['请假', '加班'] }, { applyType: '加班' })).toBe(true);
    expect(conditionHolds({ field: 'applyType', values: ['请假', '加班'] }, { applyType: '离职' })).toBe(false);
    expect(conditionHolds({ field: 'advanceCode' }, { advanceCode: 'JZ1' })).toBe(true);
    for (const empty of [undefined, null, '', []])
      expect(conditionHolds({ field: 'advanceCode' }, { advanceCode: empty })).toBe(false);
    expect(conditionHolds(undefined, {})).toBe(true);
  });

  it('matches a select by its option name and a multi-select by any value or name', () => {
    expect(conditionHolds({ field: 'applyType', value: '请假' }, { applyType: 31, applyTypeName: '请假' })).toBe(true);
    expect(conditionHolds({ field: 'applyType', value: '请假' }, { applyType: 32, applyTypeName: '加班' })).toBe(false);
    expect(conditionHolds({ field: 'applyType', value: '请假' }, { applyType: null, applyTypeName: '请假' })).toBe(
      false,
    );
    expect(
      conditionHolds({ field: 'partnerType', value: '客户' }, { partnerType: [5, 6], partnerTypeName: '供应商、客户' }),
    ).toBe(true);
    expect(
      conditionHolds(
        { field: 'partnerType', values: ['外协工厂'] },
        { partnerType: [5, 6], partnerTypeName: '供应商、客户' },
      ),
    ).toBe(false);
    expect(conditionHolds({ field: 'ids', value: 6 }, { ids: [5, 6] })).toBe(true);
  });

  it('keeps only the fields whose condition holds', () => {
    const fields: FieldDef[] = [
      { fieldName: 'applyType', titleName: '申请类型', fontendType: 'text' },
      {
        fieldName: 'leaveType',
        titleName: '请假类型',
        fontendType: 'text',
        dependOn: { field: 'applyType', value: '请假' },
      },
      {
        fieldName: 'destination',
        titleName: '出差地点',
        fontendType: 'text',
        dependOn: { field: 'applyType', value: '出差' },
      },
    ];
    expect(visibleFields(fields, { applyType: '出差' }).map((f) => f.fieldName)).toEqual(['applyType', 'destination']);
  });
});

describe('value references', () => {
  const ctx = { today: '2026-11-23', userId: 7, data: { partnerId: 42 } };
  it('resolves today, the user and another field; literals stay; arrays item by item', () => {
    expect(resolveRef({ $today: true }, ctx)).toBe('2026-11-23');
    expect(resolveRef({ $user: true }, ctx)).toBe(7);
    expect(resolveRef({ $field: 'partnerId' }, ctx)).toBe(42);
    expect(resolveRef({ $field: 'missing' }, ctx)).toBeUndefined();
    expect(resolveRef('已支付', ctx)).toBe('已支付');
    expect(resolveRef([{ $user: true }, 3], ctx)).toEqual([7, 3]);
  });
  it('only exact one-key objects are references', () => {
    expect(isValueRef({ $today: true })).toBe(true);
    expect(isValueRef({ $today: true, x: 1 })).toBe(false);
    expect(isValueRef({ value: 1 })).toBe(false);
    expect(isValueRef(null)).toBe(false);
    expect(resolveRef({ $today: true, x: 1 }, ctx)).toEqual({ $today: true, x: 1 });
  });
});
