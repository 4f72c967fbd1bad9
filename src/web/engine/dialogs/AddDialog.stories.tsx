import type { Meta, StoryObj } from '@storybook/react';
import { SHOWCASE } from '../fixtures/showcase';
import { expectText, withFixtures } from '../fixtures/story-helpers';
import { AddDialog } from './AddDialog';

const meta: Meta<typeof AddDialog> = {
  title: 'Engine/AddDialog',
  component: AddDialog,
  decorators: [withFixtures()],
  args: {
    open: true,
    title: SHOWCASE.addDialog!.title,
    fields: SHOWCASE.addDialog!.fields,
    onCancel: () => undefined,
    onSubmit: () => undefined,
  },
};
export default meta;
type Story = StoryObj<typeof AddDialog>;

export const Default: Story = { parameters: expectText('新增道具项目', '名称', '取消', '提交') };
export const WithExtraButton: Story = {
  args: { extraButton: SHOWCASE.addDialog!.extraButton, submitText: '保存' },
  parameters: expectText('存草稿', '保存'),
};
export const Filled: Story = {
  args: { initialValues: { name: '收银台', mobile: '13800138000' } },
  parameters: expectText('新增道具项目'),
};
