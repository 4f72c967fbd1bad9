import type { Meta, StoryObj } from '@storybook/react';
import { expectText, withFixtures } from '../fixtures/story-helpers';
import { ApprovalDialog } from './ApprovalDialog';

const meta: Meta<typeof ApprovalDialog> = {
  title: 'Engine/ApprovalDialog',
  component: ApprovalDialog,
  args: { open: true, title: '报销单', formId: '1', onClose: () => undefined, children: '报销单内容' },
};
export default meta;
type Story = StoryObj<typeof ApprovalDialog>;

export const WithTask: Story = {
  decorators: [withFixtures()],
  parameters: expectText('报销单', '驳回', '取消', '同意', '审批动态', '财务审批'),
};
export const WithoutTask: Story = {
  decorators: [withFixtures({ taskFor: () => false })],
  parameters: expectText('详情：报销单', '关闭'),
};
export const Loading: Story = { decorators: [withFixtures({ delay: Infinity })], parameters: expectText('报销单内容') };
