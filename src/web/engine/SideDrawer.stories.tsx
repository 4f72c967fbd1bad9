import type { Meta, StoryObj } from '@storybook/react';
import { showcaseRows } from './fixtures/data';
import { SHOWCASE } from './fixtures/showcase';
import { expectText, withFixtures } from './fixtures/story-helpers';
import { SideDrawer } from './SideDrawer';

// Under review and submitted by the viewer, so the server allows 撤回 and 打印; the task adds 驳回/同意.
const record = { ...showcaseRows(1)[0], status: '审批中', actions: ['view', 'withdraw', 'print'] };
// Approved and waiting for its stage action: the server allows 支付, and the drawer shows what it will record.
const stages = {
  label: '阶段', initial: '待支付', values: [{ value: '待支付', color: 'orange' }, { value: '已支付', color: 'green', locked: true }],
  actions: [{ key: 'pay', text: '支付', from: ['待支付'], to: '已支付', fields: [{ fieldName: 'payDate', titleName: '支付日期', fontendType: 'date' as const }] }],
};
const meta: Meta<typeof SideDrawer> = {
  title: 'Engine/SideDrawer',
  component: SideDrawer,
  decorators: [withFixtures({}, ['showcase:print'])],
  args: { open: true, config: SHOWCASE.drawer!, onClose: () => undefined },
};
export default meta;
type Story = StoryObj<typeof SideDrawer>;

export const New: Story = { parameters: expectText('道具项目', '项目单号', '系统生成', '明细', '合计', '取消', '提交') };
/** A new record starts from its fields' defaults (here a constant; 'currentUser', 'today', 'thisMonth' also exist). */
export const NewWithDefaults: Story = {
  // Read-pretty, so the filled value shows as text.
  args: { readOnly: true, config: { ...SHOWCASE.drawer!, fields: SHOWCASE.drawer!.fields.map((f) => (f.fieldName === 'name' ? { ...f, default: { value: '默认的道具名称' } } : f)) } },
  parameters: expectText('默认的道具名称'),
};
export const NewApprovalForm: Story = {
  args: { config: { ...SHOWCASE.drawer!, approval: true }, onSave: () => undefined },
  parameters: expectText('保存', '提交', '取消'),
};
export const WaitingForPayment: Story = {
  args: { record: { ...record, status: '已通过', stage: '待支付', actions: ['view', 'pay', 'print'] }, stages, readOnly: true },
  parameters: expectText('阶段', '待支付', '支付', '打印'),
};
export const EditWithApproval: Story = {
  args: { record },
  parameters: expectText('XM20240301001', '审批中', '审批动态', '部门审批', '驳回', '同意', '撤回', '1500.50'),
};
export const ReadOnly: Story = { args: { record, readOnly: true }, parameters: expectText('收银台1号', '审批动态') };
