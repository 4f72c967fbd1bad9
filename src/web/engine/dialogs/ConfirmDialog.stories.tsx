import type { Meta, StoryObj } from '@storybook/react';
import { expectText } from '../fixtures/story-helpers';
import { ConfirmDialog } from './ConfirmDialog';

const meta: Meta<typeof ConfirmDialog> = {
  title: 'Engine/ConfirmDialog',
  component: ConfirmDialog,
  args: { open: true, onClose: () => undefined, onConfirm: () => undefined },
};
export default meta;
type Story = StoryObj<typeof ConfirmDialog>;

export const Default: Story = {
  args: { title: '提示', tips: '确定删除该项吗？', tipText: '删除后不可恢复' },
  parameters: expectText('提示', '确定删除该项吗？', '删除后不可恢复', '确定'),
};
export const CustomButton: Story = {
  args: { title: '注销账号', tips: '注销后数据将被清除', buttonText: '我知道了' },
  parameters: expectText('我知道了'),
};
