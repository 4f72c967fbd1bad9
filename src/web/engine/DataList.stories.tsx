import type { Meta, StoryObj } from '@storybook/react';
import { showcaseRows } from './fixtures/data';
import { SHOWCASE } from './fixtures/showcase';
import { expectText, withFixtures } from './fixtures/story-helpers';
import { DataList } from './DataList';

const meta: Meta<typeof DataList> = {
  title: 'Engine/DataList',
  component: DataList,
  args: { module: 'showcase', config: SHOWCASE.list, hasTabs: true },
};
export default meta;
type Story = StoryObj<typeof DataList>;

export const Default: Story = {
  decorators: [withFixtures({ rows: showcaseRows(12) })],
  parameters: expectText('单号', '查询', '重置', '新增', '更多', '序号', '操作', 'XM20240301001', '共 12 条'),
};
export const Empty: Story = { decorators: [withFixtures({ rows: [] })], parameters: expectText('暂无数据') };
export const Loading: Story = { decorators: [withFixtures({ delay: Infinity })], parameters: expectText('单号') };
export const Error: Story = { decorators: [withFixtures({ failList: true })], parameters: expectText('网络错误') };
export const TreeRows: Story = {
  decorators: [withFixtures({ rows: [{ id: 'a', name: '柜台', children: [{ id: 'a1', name: '高柜' }] }, { id: 'b', name: '中岛' }] })],
  args: { config: { columns: [{ prop: 'name', label: '名称' }], treeIndex: true } },
  parameters: expectText('柜台', '中岛', '共 2 条'),
};
export const ActionsWithPermission: Story = {
  decorators: [withFixtures({}, ['showcase:export'])],
  args: { config: { columns: [{ prop: 'name', label: '名称' }], actions: [{ key: 'e', text: '导出', permissionCode: 'showcase:export' }, { key: 'x', text: '隐藏按钮', permissionCode: 'showcase:secret' }] } },
  parameters: expectText('导出'),
};
