import type { Meta, StoryObj } from '@storybook/react';
import { expectText } from './fixtures/story-helpers';
import { ReasonDialog } from './ReasonDialog';

const meta: Meta<typeof ReasonDialog> = { title: 'Engine/ReasonDialog', component: ReasonDialog, args: { open: true, onCancel: () => undefined, onConfirm: () => undefined } };
export default meta;
type Story = StoryObj<typeof ReasonDialog>;

export const Agree: Story = { args: { mode: 'agree' }, parameters: expectText('请输入原因', '确定') };
export const Reject: Story = { args: { mode: 'reject' }, parameters: expectText('请输入原因', '确定') };
export const Loading: Story = { args: { mode: 'agree', loading: true }, parameters: expectText('确定') };
