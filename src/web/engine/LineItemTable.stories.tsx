import { useMemo } from 'react';
import type { Meta, StoryObj } from '@storybook/react';
import type { ColumnDef } from '../../common/schema/types';
import { SHOWCASE } from './fixtures/showcase';
import { expectText, withFixtures } from './fixtures/story-helpers';
import { createLineStore } from './line-store';
import { LineItemTable } from './LineItemTable';

function Demo({ lines, readOnly, columns }: { lines: Record<string, unknown>[]; readOnly?: boolean; columns?: ColumnDef[] }) {
  const store = useMemo(() => createLineStore(lines), [lines]);
  return <LineItemTable store={store} columns={columns ?? SHOWCASE.drawer!.lines!.columns} title="明细" addable readOnly={readOnly} />;
}

const meta: Meta<typeof Demo> = { title: 'Engine/LineItemTable', component: Demo, decorators: [withFixtures()] };
export default meta;
type Story = StoryObj<typeof Demo>;

const two = [
  { item: '柜体', quantity: 1, unit: 'u1', contractPrice: '1000.00', logisticsPrice: '50.00', payablePrice: '800.00' },
  { item: '', quantity: 2, contractPrice: '500.50' },
];
export const Default: Story = { args: { lines: two }, parameters: expectText('合计', '1500.50', '50.00', '不能为空', '新增一行') };
export const Empty: Story = { args: { lines: [] }, parameters: expectText('暂无数据', '合计') };
export const ReadOnly: Story = { args: { lines: two, readOnly: true }, parameters: expectText('柜体', '1000.00') };
export const HundredsOfLines: Story = {
  args: { lines: Array.from({ length: 300 }, (_, i) => ({ item: `项目${i + 1}`, quantity: 1, contractPrice: '10.00' })) },
  parameters: expectText('合计', '3000.00'),
};
