// @vitest-environment jsdom
// `data.fillLines`: a user's pick of a record (a 采购模板) replaces the drawer's blank lines with the picked
// record's lines, mapped cell by cell; the lookup of a stored pick (setPicked) never touches the lines.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, renderHook, act } from '@testing-library/react';
import { createForm } from '@formily/core';
import type { FieldDef } from '../../../common/schema/types';
import { createLineStore } from './line-store';
import { linesFromPick, useFillLines } from './fill-lines';
import { announceChoice, setPicked } from '../fields/picked-store';

afterEach(cleanup);

const map = {
  materialId: 'materialId',
  materialIdName: 'materialIdName',
  quantity: 'quantity',
  unitPrice: 'unitPrice',
};
const template = {
  id: 7,
  templateName: '标准柜台五金包',
  lines: [
    { materialId: 11, materialIdName: 'WJ-0001 缓冲铰链', quantity: 40, unitPrice: 3.5, supplierId: 9 },
    { materialId: 12, materialIdName: 'WJ-0002 阻尼导轨', quantity: 20, unitPrice: 18 },
  ],
};
const fields: FieldDef[] = [
  {
    fieldName: 'templateId',
    titleName: '采购模板',
    fontendType: 'select',
    data: { module: 'procureTemplate', label: '{templateName}', expose: ['lines'], fillLines: map },
  },
];

describe('fillLines', () => {
  it('maps each picked line to a form line; nothing without picked lines', () => {
    expect(linesFromPick(map, template)).toEqual([
      { materialId: 11, materialIdName: 'WJ-0001 缓冲铰链', quantity: 40, unitPrice: 3.5 },
      { materialId: 12, materialIdName: 'WJ-0002 阻尼导轨', quantity: 20, unitPrice: 18 },
    ]);
    expect(linesFromPick(map, { id: 1 })).toBeNull();
    expect(linesFromPick(map, null)).toBeNull();
  });

  it('a user pick replaces blank lines; the lookup of a stored pick and a read-only drawer leave them', () => {
    const form = createForm();
    const lines = createLineStore([{}]);
    renderHook(() => useFillLines(form, lines, fields, true));
    act(() => setPicked(form, 'templateId', template));
    expect(lines.keys()).toHaveLength(1);
    act(() => announceChoice(form, 'templateId', template));
    expect(lines.values([]).map((l) => [l.materialId, l.quantity])).toEqual([
      [11, 40],
      [12, 20],
    ]);
    // The lines stay editable.
    act(() => lines.set(lines.keys()[0], 'quantity', 45));
    expect(lines.values([])[0].quantity).toBe(45);
    // Another field's pick does nothing.
    act(() => announceChoice(form, 'supplierId', template));
    expect(lines.keys()).toHaveLength(2);

    const readOnlyForm = createForm();
    const kept = createLineStore([{ materialId: 1, quantity: 1 }]);
    renderHook(() => useFillLines(readOnlyForm, kept, fields, false));
    act(() => announceChoice(readOnlyForm, 'templateId', template));
    expect(kept.values([])).toEqual([{ materialId: 1, quantity: 1 }]);
  });
});
