import type { Meta, StoryObj } from '@storybook/react';
import { expectText } from '../fixtures/story-helpers';
import { ReasonDialog } from './ReasonDialog';

const meta: Meta<typeof ReasonDialog> = {
  title: 'Engine/ReasonDialog',
  component: ReasonDialog,
  args: { open: true, onCancel: () => undefined, onConfirm: () => undefined },
};
export default meta;
type Story = StoryObj<typeof ReasonDialog>;

export const Agree: Story = { args: { mode: 'agree' }, parameters: expectText('请输入原因', '确定') };
export const Reject: Story = { args: { mode: 'reject' }, parameters: expectText('请输入原因', '确定') };
export const Loading: Story = { args: { mode: 'agree', loading: true }, parameters: expectText('确定') };
/** Agreeing to a 立项流程 stage that requires files: 预算 is attached, 报价 is still to upload. */
export const AgreeWithRequiredFiles: Story = {
  args: {
    mode: 'agree',
    stepName: '报价审批',
    requiredFiles: [
      { label: '预算', field: 'budgetFiles', attached: true },
      { label: '报价', field: 'quoteFiles', attached: false },
    ],
  },
  parameters: expectText('本步骤（报价审批）必交资料', '已上传', '上传报价', '确定'),
};
/** 确定 was refused for a reason the approver can act on: the server's words stay in the dialog. */
export const Refused: Story = {
  args: { mode: 'agree', refusal: '可用库存不足：展示柜 现有 20，已锁定 0，可用 20，本次出库 25' },
  parameters: expectText('可用库存不足：展示柜 现有 20', '请输入原因', '确定'),
};
