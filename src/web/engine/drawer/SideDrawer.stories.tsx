import type { Meta, StoryObj } from '@storybook/react';
import { showcaseRows } from '../fixtures/data';
import { SHOWCASE } from '../fixtures/showcase';
import { expectText, withFixtures } from '../fixtures/story-helpers';
import { SideDrawer } from './SideDrawer';
import { PageModuleContext } from '../page/page-module';

// Under review and submitted by the viewer, so the server allows 撤回 and 打印; the task adds 驳回/同意.
const record = { ...showcaseRows(1)[0], status: '审批中', actions: ['view', 'withdraw', 'print'] };
// Approved and waiting for its stage action: the server allows 支付, and the drawer shows what it will record.
const stages = {
  label: '阶段',
  initial: '待支付',
  values: [
    { value: '待支付', color: 'orange' },
    { value: '已支付', color: 'green', locked: true },
  ],
  actions: [
    {
      key: 'pay',
      text: '支付',
      from: ['待支付'],
      to: '已支付',
      fields: [{ fieldName: 'payDate', titleName: '支付日期', fontendType: 'date' as const }],
    },
  ],
};
const meta: Meta<typeof SideDrawer> = {
  title: 'Engine/SideDrawer',
  component: SideDrawer,
  decorators: [withFixtures({}, ['showcase:print'])],
  args: { open: true, config: SHOWCASE.drawer!, onClose: () => undefined },
};
export default meta;
type Story = StoryObj<typeof SideDrawer>;

export const New: Story = {
  parameters: expectText('道具项目', '项目单号', '系统生成', '明细', '合计', '取消', '提交'),
};
/** A new record starts from its fields' defaults (here a constant; 'currentUser', 'today', 'thisMonth' also exist). */
export const NewWithDefaults: Story = {
  // Read-pretty, so the filled value shows as text.
  args: {
    readOnly: true,
    config: {
      ...SHOWCASE.drawer!,
      fields: SHOWCASE.drawer!.fields.map((f) =>
        f.fieldName === 'name' ? { ...f, default: { value: '默认的道具名称' } } : f,
      ),
    },
  },
  parameters: expectText('默认的道具名称'),
};
export const NewApprovalForm: Story = {
  args: { config: { ...SHOWCASE.drawer!, approval: true }, onSave: () => undefined },
  parameters: expectText('保存', '提交', '取消'),
};
/** A page whose approval is conditional (`approvalWhen`): 提交 says 提交审批 while the form's values need one. */
export const ConditionalApprovalNeeded: Story = {
  args: {
    config: { ...SHOWCASE.drawer!, approval: true },
    approvalWhen: 'coalesce(quantity, 0) > 10',
    record: { name: '大批量柜台', quantity: 12 },
    onSave: () => undefined,
  },
  parameters: expectText('保存', '提交审批', '取消'),
};
/** The same page below the threshold: plain 提交 (its tooltip: 无需审批，提交即生效). */
export const ConditionalApprovalNotNeeded: Story = {
  args: {
    config: { ...SHOWCASE.drawer!, approval: true },
    approvalWhen: 'coalesce(quantity, 0) > 10',
    record: { name: '单个柜台', quantity: 2 },
    onSave: () => undefined,
  },
  parameters: expectText('保存', '提交', '取消'),
};
export const WaitingForPayment: Story = {
  args: {
    record: { ...record, status: '已通过', stage: '待支付', actions: ['view', 'pay', 'print'] },
    stages,
    readOnly: true,
  },
  parameters: expectText('阶段', '待支付', '支付', '打印'),
};
export const EditWithApproval: Story = {
  args: { record },
  parameters: expectText('XM20240301001', '审批中', '审批动态', '部门审批', '驳回', '同意', '撤回', '1,500.50'),
};
export const ReadOnly: Story = { args: { record, readOnly: true }, parameters: expectText('收银台1号', '审批动态') };
/**
 * The language of real modules: a record picker (options from the server, fills 开户行 on pick), a field shown
 * only when another has a value (dependOn), line cells and fields computed by expressions, and a record check.
 */
export const PickerConditionsAndExpressions: Story = {
  decorators: [
    (S) => (
      <PageModuleContext.Provider value="reimburseManage">
        <S />
      </PageModuleContext.Provider>
    ),
  ],
  args: {
    config: {
      title: '报销单',
      fields: [
        {
          fieldName: 'advanceCode',
          titleName: '冲抵借支单',
          fontendType: 'select',
          data: { module: 'advanceManage', label: '{code}', fill: { bankName: 'bankName' }, expose: ['balancePrice'] },
        },
        {
          fieldName: 'offsetPrice',
          titleName: '冲借支金额',
          fontendType: 'number',
          dependOn: { field: 'advanceCode' },
          unit: '元',
        },
        { fieldName: 'bankName', titleName: '开户行', fontendType: 'text' },
        {
          fieldName: 'totalPrice',
          titleName: '报销总额',
          fontendType: 'number',
          disabled: true,
          compute: { expr: 'sum(lines, "price")' },
          unit: '元',
        },
        {
          fieldName: 'actualPrice',
          titleName: '实付金额',
          fontendType: 'number',
          disabled: true,
          compute: { expr: 'totalPrice - offsetPrice' },
          unit: '元',
        },
      ],
      lines: {
        title: '费用明细',
        addable: true,
        columns: [
          { prop: 'quantity', label: '数量', inputType: 'number' },
          { prop: 'unitPrice', label: '单价', inputType: 'number', priceType: true },
          {
            prop: 'price',
            label: '金额',
            inputType: 'number',
            priceType: true,
            compute: { expr: 'quantity * unitPrice' },
            summaryMethod: 'sum',
          },
        ],
      },
    },
    checks: [
      {
        expr: 'empty(advanceCode) || offsetPrice <= picked.advanceCode.balancePrice',
        message: '冲借支金额不能超过借支单未还金额',
      },
    ],
    record: {
      lines: [
        { quantity: 3, unitPrice: 19.99 },
        { quantity: 2, unitPrice: 120 },
      ],
    },
  },
  parameters: expectText('冲抵借支单', '开户行', '报销总额', '实付金额', '费用明细', '59.97', '240.00'),
};
/** Lines only effects write (readOnly): an advance's 还款记录, appended by approved reimbursements and 登记还款. */
export const LinesWrittenByEffects: Story = {
  args: {
    readOnly: false,
    config: {
      title: '借支单',
      fields: [
        { fieldName: 'loanPrice', titleName: '借支金额', fontendType: 'number', unit: '元' },
        {
          fieldName: 'repaidPrice',
          titleName: '已还金额',
          fontendType: 'number',
          unit: '元',
          disabled: true,
          compute: { expr: 'sum(lines, "price")' },
        },
        {
          fieldName: 'balancePrice',
          titleName: '未还金额',
          fontendType: 'number',
          unit: '元',
          disabled: true,
          compute: { expr: 'loanPrice - repaidPrice' },
        },
      ],
      lines: {
        title: '还款记录',
        readOnly: true,
        columns: [
          { prop: 'repayDate', label: '还款日期', inputType: 'date' },
          { prop: 'repayMethod', label: '还款方式' },
          { prop: 'sourceCode', label: '来源单号' },
          { prop: 'price', label: '金额', inputType: 'number', priceType: true, summaryMethod: 'sum' },
        ],
      },
    },
    record: {
      loanPrice: 3000,
      lines: [
        { repayDate: '2026-10-12', repayMethod: '报销冲抵', sourceCode: 'BX202610120003', price: 1200.4 },
        { repayDate: '2026-11-02', repayMethod: '现金归还', sourceCode: 'JZ202609280001', price: 799.6 },
      ],
    },
  },
  parameters: expectText('还款记录', '报销冲抵', 'BX202610120003', '现金归还', '2,000.00'),
};
