import type { Meta, StoryObj } from '@storybook/react';
import { showcaseRows } from '../fixtures/data';
import { SHOWCASE } from '../fixtures/showcase';
import { expectText, withFixtures } from '../fixtures/story-helpers';
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
export const Error: Story = {
  decorators: [withFixtures({ failList: true })],
  parameters: expectText('网络错误', '重试'),
};
/** The role lacks the page's 查看: said as such, not as a failure. */
export const Forbidden: Story = {
  decorators: [withFixtures({ failList: () => 'forbidden' })],
  parameters: expectText('无权限查看', '请联系团队管理员开通'),
};
/** The server is down: said, and read again by itself. */
export const Unreachable: Story = {
  decorators: [withFixtures({ failList: () => 'transport' })],
  parameters: expectText('无法连接服务器，正在重试', '重试'),
};
export const TreeRows: Story = {
  decorators: [
    withFixtures({
      rows: [
        { id: 'a', name: '柜台', children: [{ id: 'a1', name: '高柜' }] },
        { id: 'b', name: '中岛' },
      ],
    }),
  ],
  args: { config: { columns: [{ prop: 'name', label: '名称' }], treeIndex: true } },
  parameters: expectText('柜台', '中岛', '共 2 条'),
};
export const ActionsWithPermission: Story = {
  decorators: [withFixtures({}, ['showcase:export'])],
  args: {
    config: {
      columns: [{ prop: 'name', label: '名称' }],
      actions: [
        { key: 'e', text: '导出', permissionCode: 'showcase:export' },
        { key: 'x', text: '隐藏按钮', permissionCode: 'showcase:secret' },
      ],
    },
  },
  parameters: expectText('导出'),
};
/** rowStyles: rows whose rule holds read in their colour (here: overdue with a balance, in red). */
export const RowStyles: Story = {
  decorators: [
    withFixtures({
      rows: [
        { id: 'r1', code: 'SK202610010001', dueDate: '2020-01-01', balancePrice: 5000 },
        { id: 'r2', code: 'SK202610010002', dueDate: '2020-01-01', balancePrice: 0 },
        { id: 'r3', code: 'SK202610010003', dueDate: '2099-01-01', balancePrice: 800 },
      ],
    }),
  ],
  args: {
    config: {
      columns: [
        { prop: 'code', label: '应收单号' },
        { prop: 'dueDate', label: '约定回款日' },
        { prop: 'balancePrice', label: '未结余额', type: 'money' },
      ],
      rowStyles: [{ when: 'balancePrice > 0 && dueDate < today()', textColor: '#cf1322' }],
    },
  },
  parameters: expectText('SK202610010001', 'SK202610010003', '共 3 条'),
};
/** A row's 单据 menu (documents): each row offers the documents the server allows it (its `actions`); none: no menu. */
export const DocumentMenu: Story = {
  decorators: [
    withFixtures({
      rows: [
        { id: 'd1', code: 'DL202611010001', actions: ['view', 'woodParts', 'cutList'] },
        { id: 'd2', code: 'DL202611010002', actions: ['view'] },
      ],
    }),
  ],
  args: {
    config: {
      columns: [{ prop: 'code', label: '登记编号' }],
      operations: [
        { key: 'view', text: '查看', action: 'view' },
        {
          key: 'documents',
          text: '单据',
          action: 'custom',
          children: [
            { key: 'woodParts', text: '木作部件清单', action: 'document' },
            { key: 'cutList', text: '下料单', action: 'document' },
            { key: 'cutListXlsx', text: '下料单（Excel）', action: 'document' },
          ],
        },
      ],
    },
  },
  parameters: expectText('DL202611010001', '单据', '共 2 条'),
};
