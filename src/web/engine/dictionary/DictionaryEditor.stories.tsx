import type { Meta, StoryObj } from '@storybook/react';
import type { DictionaryPageSchema } from '../../../common/schema/types';
import fieldDictionary from '../../../../schemas/personnel/fieldDictionary.json';
import personnelDictionary from '../../../../schemas/personnel/personnelDictionary.json';
import { expectText, withFixtures } from '../fixtures/story-helpers';
import { DICT_SAMPLE_PAGE as SAMPLE } from '../fixtures/dict-store';
import { DictionaryEditor } from './DictionaryEditor';

const ALL = ['add', 'edit', 'delete'].flatMap((a) => [`fieldDictionary:${a}`, `personnelDictionary:${a}`, `dict:${a}`]);

const startingAt = (fieldKey: string): DictionaryPageSchema => {
  const groups = SAMPLE.dictionary.groups
    .map((g) => ({ ...g, fieldKeys: g.fieldKeys.filter((k) => k.fieldKey !== fieldKey) }))
    .filter((g) => g.fieldKeys.length);
  const key = SAMPLE.dictionary.groups.flatMap((g) => g.fieldKeys).find((k) => k.fieldKey === fieldKey)!;
  return { ...SAMPLE, dictionary: { ...SAMPLE.dictionary, groups: [{ title: '当前', fieldKeys: [key] }, ...groups] } };
};

const meta: Meta<typeof DictionaryEditor> = {
  title: 'Engine/DictionaryEditor',
  component: DictionaryEditor,
  decorators: [withFixtures({}, ALL)],
  args: { schema: SAMPLE, onNavigate: () => undefined },
  parameters: { layout: 'fullscreen' },
};
export default meta;
type Story = StoryObj<typeof DictionaryEditor>;

export const FieldDictionaryPage: Story = {
  args: { schema: fieldDictionary as DictionaryPageSchema },
  parameters: expectText(
    '字段字典',
    '公共',
    '单位',
    '付款方式',
    '平方米',
    '箱',
    'BOX',
    '新增',
    '编辑',
    '上移',
    '下移',
    '删除',
    '（预置）',
  ),
};
export const TreeWithLeaders: Story = {
  args: { schema: personnelDictionary as DictionaryPageSchema },
  parameters: expectText('人事字典', '部门', '负责人', '生产部', '木工车间', '演示用户', '张三', '新增下级'),
};
export const ExtraValues: Story = {
  args: { schema: startingAt('salaryItem') },
  parameters: expectText('薪资项目', '加减项', '借支扣回', '减项'),
};
export const ReadOnlyKey: Story = {
  args: { schema: startingAt('paymentMethod') },
  parameters: expectText('付款方式（只读）', '此字典在其它字典页面维护，此处只读', '银行转账'),
};
export const WithoutPermission: Story = {
  decorators: [withFixtures({}, [])],
  parameters: expectText('单位', '平方米'),
};
export const Empty: Story = {
  args: { schema: startingAt('fileFolder') },
  parameters: expectText('文件夹', '暂无数据'),
};
export const Loading: Story = {
  decorators: [withFixtures({ delay: Infinity }, ALL)],
  parameters: expectText('示例字典', '单位'),
};
