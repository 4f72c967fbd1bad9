import type { Meta, StoryObj } from '@storybook/react';
import type { FieldDef } from '../../../common/schema/types';
import { expectText, withFixtures } from '../fixtures/story-helpers';
import { FieldStates } from './FieldStates';

const meta: Meta<typeof FieldStates> = {
  title: 'Engine/Fields',
  component: FieldStates,
  decorators: [withFixtures()],
};
export default meta;
type Story = StoryObj<typeof FieldStates>;

const f = (d: Partial<FieldDef> & Pick<FieldDef, 'fontendType' | 'titleName'>): FieldDef => ({ fieldName: 'v', ...d });
const states = ['空', '错误', '加载中', '禁用', '只读'];
const opts = [
  { label: '多层板', value: '1' },
  { label: '密度板', value: '2' },
  { label: '颗粒板', value: '3' },
  { label: '实木', value: '4', disabled: true },
];

export const Text: Story = {
  args: {
    def: f({ fontendType: 'text', titleName: '名称', tooltip: '道具名称', remark: '最多50字', maxLength: 50 }),
    sample: '收银台',
  },
  parameters: expectText(...states, '名称不能为空', '收银台', '最多50字'),
};
export const Textarea: Story = {
  args: { def: f({ fontendType: 'textarea', titleName: '说明' }), sample: '示例说明', invalid: '字'.repeat(201) },
  parameters: expectText('最大输入长度为200', '示例说明'),
};
export const Number: Story = {
  args: { def: f({ fontendType: 'number', titleName: '数量', min: 1, max: 10, unit: '件' }), sample: 3, invalid: 11 },
  parameters: expectText('请输入1-10之间的数字', '3 件'),
};
export const Select: Story = {
  args: {
    def: f({ fontendType: 'select', titleName: '客户等级', data: { fieldKey: 'customerLevel' } }),
    sample: 'cl2',
  },
  parameters: expectText('客户等级不能为空', '重点客户'),
};
export const MultiSelect: Story = {
  args: { def: f({ fontendType: 'multiSelect', titleName: '板材', data: opts }), sample: ['1', '2', '3'] },
  parameters: expectText('板材不能为空', '多层板、密度板、颗粒板', '+ 1 ...'),
};
export const TreeSelect: Story = {
  args: { def: f({ fontendType: 'treeSelect', titleName: '部门', data: { fieldKey: 'dept' } }), sample: 'd51' },
  parameters: expectText('部门不能为空', '生产部/木工车间'),
};
export const Cascader: Story = {
  args: {
    def: f({
      fontendType: 'cascader',
      titleName: '省市区',
      data: [{ label: '广东省', value: '44', children: [{ label: '深圳市', value: '4403' }] }],
    }),
    sample: ['44', '4403'],
  },
  parameters: expectText('省市区不能为空', '广东省/深圳市'),
};
export const Date: Story = {
  args: { def: f({ fontendType: 'date', titleName: '签订日期' }), sample: '2024-03-05' },
  parameters: expectText('签订日期不能为空', '2024-03-05'),
};
export const Month: Story = {
  args: { def: f({ fontendType: 'month', titleName: '月份' }), sample: '2024-03' },
  parameters: expectText('月份不能为空', '2024-03'),
};
export const DateTime: Story = {
  args: { def: f({ fontendType: 'dateTime', titleName: '会面时间' }), sample: '2024-03-05 14:07:09' },
  parameters: expectText('会面时间不能为空', '2024-03-05 14:07:09'),
};
export const DateRange: Story = {
  args: {
    def: f({ fontendType: 'dateRange', titleName: '起止时间', isComputingTime: true }),
    sample: ['2024-03-01', '2024-03-10'],
  },
  parameters: expectText('起止时间不能为空', '共10天'),
};
export const TwoText: Story = {
  args: {
    def: f({
      fontendType: 'twoText',
      titleName: '紧急联系人/电话',
      connector: '/',
      fields: [
        { name: 'name', placeholder: '姓名' },
        { name: 'phone', placeholder: '电话' },
      ],
    }),
    sample: { name: '张三', phone: '13800138000' },
  },
  parameters: expectText('紧急联系人/电话不能为空', '张三/13800138000'),
};
export const Dimension: Story = {
  args: {
    def: f({ fontendType: 'dimension', titleName: '尺寸', min: 1, max: 20000, unit: 'mm', showLabels: true }),
    sample: { length: 1200, width: 600, height: 900 },
    invalid: { length: 0, width: 1, height: 1 },
  },
  parameters: expectText('长不能小于1', '1200×600×900 mm'),
};
export const Upload: Story = {
  args: {
    def: f({ fontendType: 'upload', titleName: '图纸', limit: 1 }),
    sample: [{ url: '/files/a.pdf', name: 'a.pdf' }],
    invalid: [{ url: '/1' }, { url: '/2' }],
  },
  parameters: expectText('上传文件', '最多只能上传1个文件', 'a.pdf'),
};
export const Image: Story = {
  args: {
    def: f({ fontendType: 'image', titleName: '照片', limit: 9 }),
    sample: [{ url: '/files/p.png', name: 'p.png' }],
  },
  parameters: expectText('上传图片', '照片不能为空', 'p.png'),
};
export const IdCard: Story = {
  args: {
    def: f({ fontendType: 'idCard', titleName: '身份证号', reg: '^\\d{17}[\\dXx]$', regMsg: '请输入正确的身份证号' }),
    sample: '110101199001011234',
    invalid: '123',
  },
  parameters: expectText('识别', '请输入正确的身份证号', '110101199001011234'),
};
export const Switch: Story = {
  args: { def: f({ fontendType: 'switch', titleName: '启用' }), sample: true },
  parameters: expectText('启用不能为空', '是'),
};
export const Radio: Story = {
  args: {
    def: f({
      fontendType: 'radio',
      titleName: '适用团队',
      data: [
        { label: '个人', value: 'p' },
        { label: '企业', value: 'e' },
      ],
    }),
    sample: 'e',
  },
  parameters: expectText('适用团队不能为空', '企业'),
};
export const Checkbox: Story = {
  args: {
    def: f({
      fontendType: 'checkbox',
      titleName: '初始化字典',
      data: [
        { label: '道具', value: 'prop' },
        { label: '通用', value: 'common' },
      ],
    }),
    sample: ['prop', 'common'],
  },
  parameters: expectText('初始化字典不能为空', '道具、通用'),
};
