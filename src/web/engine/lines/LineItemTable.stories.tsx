import { useMemo } from 'react';
import type { Meta, StoryObj } from '@storybook/react';
import type { ColumnDef } from '../../../common/schema/types';
import { SHOWCASE } from '../fixtures/showcase';
import { expectText, withFixtures } from '../fixtures/story-helpers';
import { createLineStore } from './line-store';
import { LineItemTable } from './LineItemTable';
import { PageModuleContext } from '../page/page-module';

function Demo({
  lines,
  readOnly,
  columns,
}: {
  lines: Record<string, unknown>[];
  readOnly?: boolean;
  columns?: ColumnDef[];
}) {
  const store = useMemo(() => createLineStore(lines), [lines]);
  // A line-cell record picker asks the page's module for lines.<cell>.
  return (
    <PageModuleContext.Provider value="storeprocess">
      <LineItemTable
        store={store}
        columns={columns ?? SHOWCASE.drawer!.lines!.columns}
        title="明细"
        addable
        readOnly={readOnly}
      />
    </PageModuleContext.Provider>
  );
}

const meta: Meta<typeof Demo> = { title: 'Engine/LineItemTable', component: Demo, decorators: [withFixtures()] };
export default meta;
type Story = StoryObj<typeof Demo>;

const two = [
  { item: '柜体', quantity: 1, unit: 'u1', contractPrice: '1000.00', logisticsPrice: '50.00', payablePrice: '800.00' },
  { item: '', quantity: 2, contractPrice: '500.50' },
];
export const Default: Story = {
  args: { lines: two },
  parameters: expectText('合计', '1,500.50', '50.00', '不能为空', '新增一行'),
};
export const Empty: Story = { args: { lines: [] }, parameters: expectText('暂无数据', '合计') };
export const ReadOnly: Story = { args: { lines: two, readOnly: true }, parameters: expectText('柜体', '1,000.00') };
export const HundredsOfLines: Story = {
  args: {
    lines: Array.from({ length: 300 }, (_, i) => ({ item: `项目${i + 1}`, quantity: 1, contractPrice: '10.00' })),
  },
  parameters: expectText('合计', '3,000.00'),
};

/** 物料 picks a material (options from the provider for lines.materialId); 规格 and 单位 are filled, read as text. */
const materialColumns: ColumnDef[] = [
  {
    prop: 'materialId',
    label: '物料',
    inputType: 'select',
    requireAble: true,
    width: 260,
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
export const RecordPickerCells: Story = {
  args: {
    columns: materialColumns,
    lines: [
      {
        materialId: 101,
        materialIdName: 'BC-0001 18mm 多层板 2440×1220×18mm',
        spec: '2440×1220×18mm',
        unit: '张',
        quantity: 30,
        unitPrice: '88.00',
      },
      {},
    ],
  },
  parameters: expectText('BC-0001 18mm 多层板', '2440×1220×18mm', '规格型号', '不能为空'),
};
