import type { Meta, StoryObj } from '@storybook/react';
import { showcaseRows } from './fixtures/data';
import { SHOWCASE } from './fixtures/showcase';
import { expectText, withFixtures } from './fixtures/story-helpers';
import { SideDrawer } from './SideDrawer';

// Under review, so the footer offers 撤回 as well as the task's 驳回/同意.
const record = { ...showcaseRows(1)[0], status: '审批中' };
const meta: Meta<typeof SideDrawer> = {
  title: 'Engine/SideDrawer',
  component: SideDrawer,
  decorators: [withFixtures({}, ['showcase:print'])],
  args: { open: true, config: SHOWCASE.drawer!, onClose: () => undefined },
};
export default meta;
type Story = StoryObj<typeof SideDrawer>;

export const New: Story = { parameters: expectText('道具项目', '项目单号', '系统生成', '明细', '合计', '取消', '提交', '打印') };
export const EditWithApproval: Story = {
  args: { record },
  parameters: expectText('XM20240301001', '审批中', '审批动态', '部门审批', '驳回', '同意', '撤回', '1500.50'),
};
export const ReadOnly: Story = { args: { record, readOnly: true }, parameters: expectText('收银台1号', '审批动态') };
