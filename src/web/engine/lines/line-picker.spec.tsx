// @vitest-environment jsdom
// A line cell that picks a record (column data { module, label, fill }): it offers what the server finds for
// lines.<cell>, keeps the label beside the value, fills the cells a user cannot type in (规格, 单位) and a
// typed cell (单价) only while it is blank; filled display cells read as text.
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ColumnDef } from '../../../common/schema/types';
import { LineItemTable } from './LineItemTable';
import { createLineStore } from './line-store';
import { PageModuleContext } from '../page/page-module';
import { renderWithFixtures } from '../fixtures/render';

afterEach(cleanup);

const columns: ColumnDef[] = [
  {
    prop: 'materialId',
    label: '物料',
    inputType: 'select',
    requireAble: true,
    data: {
      module: 'materialDictionary',
      valueField: 'id',
      label: '{dictCode} {dictName} {spec}',
      fill: { spec: 'spec', unit: 'unitName', unitPrice: 'refPrice' },
    },
  },
  { prop: 'spec', label: '规格型号' },
  { prop: 'unit', label: '单位' },
  { prop: 'quantity', label: '数量', inputType: 'number' },
  { prop: 'unitPrice', label: '单价', inputType: 'number', priceType: true },
];

function setup(lines: Record<string, unknown>[]) {
  const store = createLineStore(lines);
  const view = renderWithFixtures(
    <PageModuleContext.Provider value="storeprocess">
      <LineItemTable store={store} columns={columns} addable />
    </PageModuleContext.Provider>,
  );
  return { store, ...view };
}

async function pick(row: number, label: string) {
  const select = document
    .querySelectorAll('.ant-table-tbody tr.ant-table-row')
    [row].querySelector('.ant-select-selector')!;
  await act(async () => {
    fireEvent.mouseDown(select);
  });
  // Each cell opens its own dropdown (antd keeps a closed one in the DOM): the newest is this cell's.
  const options = await screen.findAllByTitle(label);
  await act(async () => {
    fireEvent.click(options[options.length - 1]);
  });
}

describe('line-cell record picker', () => {
  it('asks the provider for lines.<cell>, stores value and label, fills display cells and a blank price', async () => {
    const { store, provider } = setup([{ quantity: 2 }, { quantity: 1, unitPrice: '90.00' }]);
    await pick(0, 'BC-0001 18mm 多层板 2440×1220×18mm');
    const [first, second] = store.keys();
    await waitFor(() =>
      expect(store.row(first)).toMatchObject({
        materialId: 101,
        materialIdName: 'BC-0001 18mm 多层板 2440×1220×18mm',
        spec: '2440×1220×18mm',
        unit: '张',
        unitPrice: 88,
      }),
    );
    expect(
      provider.calls.some(
        (c) =>
          c.method === 'pickerOptions' &&
          (c.args as { field: string; module: string }).field === 'lines.materialId' &&
          (c.args as { module: string }).module === 'storeprocess',
      ),
    ).toBe(true);
    // A price the user typed stays.
    await pick(1, 'WJ-0001 缓冲铰链 35mm 杯');
    await waitFor(() =>
      expect(store.row(second)).toMatchObject({
        materialId: 102,
        spec: '35mm 杯 全盖',
        unit: '个',
        unitPrice: '90.00',
      }),
    );
    // 规格 and 单位 are filled by the picker: text, not inputs.
    const cells = document.querySelectorAll('.ant-table-tbody tr.ant-table-row')[0].querySelectorAll('td');
    expect(cells[2].querySelector('input')).toBeNull();
    expect(cells[2].textContent).toBe('2440×1220×18mm');
    expect(cells[4].querySelector('input')).not.toBeNull();
  });
});
