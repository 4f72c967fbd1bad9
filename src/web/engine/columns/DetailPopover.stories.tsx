import type { Meta, StoryObj } from '@storybook/react';
import { DetailPopover } from './DetailPopover';
import { expectText } from '../fixtures/story-helpers';

const meta: Meta<typeof DetailPopover> = {
  title: 'Engine/DetailPopover',
  component: DetailPopover,
  args: { open: true, children: '查看' },
};
export default meta;
type Story = StoryObj<typeof DetailPopover>;

export const SubTable: Story = {
  args: {
    config: {
      infoPopoverText: '部件明细',
      tabelHeaders: [
        { prop: 'name', label: '部件' },
        { prop: 'quantity', label: '数量' },
      ],
      popoverWidth: 320,
    },
    data: [
      { name: '柜体', quantity: 1 },
      { name: '台面', quantity: 2 },
    ],
  },
  parameters: expectText('部件明细', '序号', '柜体', '台面'),
};
export const DescriptionList: Story = {
  args: { config: { infoPopoverText: '联系人', column: 1 }, data: { 姓名: '张三', 电话: '13800138000' } },
  parameters: expectText('联系人', '张三', '13800138000'),
};
export const Empty: Story = {
  args: { config: { infoPopoverText: '明细' }, data: [] },
  parameters: expectText('暂无数据'),
};
