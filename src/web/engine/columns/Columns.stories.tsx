import type { Meta, StoryObj } from '@storybook/react';
import type { ColumnDef, TableRow } from '../../../common/schema/types';
import { SAMPLE_IMAGE } from '../fixtures/data';
import { expectText, withFixtures } from '../fixtures/story-helpers';
import { ColumnPreview } from './ColumnPreview';

const meta: Meta<typeof ColumnPreview> = {
  title: 'Engine/Columns',
  component: ColumnPreview,
  decorators: [withFixtures()],
};
export default meta;
type Story = StoryObj<typeof ColumnPreview>;

const rows = (filled: Record<string, unknown>, extra: Partial<TableRow> = {}): TableRow[] => [
  { id: 'full', ...filled, ...extra },
  { id: 'empty' },
];
const story = (col: ColumnDef, filled: Record<string, unknown>, texts: string[], extra?: Partial<TableRow>): Story => ({
  args: { col, rows: rows(filled, extra) },
  parameters: expectText(col.label, '有值', '空值', ...texts),
});

export const Text = story(
  { prop: 'name', label: '名称', unit: '号' },
  { name: '一二三四五六七八九十一二三四五六七八九十一二三四五六七八九十' },
  ['一二三四五六七八九十一二三四五六七八九十一二三四五六七八...'],
);
export const Image = story({ prop: 'cover', label: '图片', type: 'image' }, { cover: SAMPLE_IMAGE }, []);
export const TextButton = story({ prop: 'code', label: '单号', type: 'textButton' }, { code: 'XM20240301001' }, [
  'XM20240301001',
]);
export const ButtonList = story(
  {
    prop: 'ops',
    label: '快捷操作',
    type: 'buttonList',
    data: [
      { key: 'print', text: '打印' },
      { key: 'copy', text: '复制' },
      { key: 'secret', text: '无权限', permissionCode: 'x:y' },
    ],
  },
  {},
  ['打印', '复制'],
);
export const SpanList = story({ prop: 'tags', label: '标签', type: 'spanList' }, { tags: ['加急', '含安装'] }, [
  '加急',
  '含安装',
]);
export const Status = story({ prop: 'status', label: '状态', type: 'status' }, { status: '审批中' }, ['审批中'], {
  color: 'blue',
});
export const Time = story({ prop: 't', label: '日期', type: 'time' }, { t: 1709618829 }, ['2024-03-0']);
export const Month = story({ prop: 'm', label: '月份', type: 'month' }, { m: '2024-03-05' }, ['2024-03']);
export const AllDate = story({ prop: 'd', label: '完整时间', type: 'allDate' }, { d: '2024-03-05 14:07:09' }, [
  '2024-03-05 14:07:09',
]);
export const InfoPopover = story(
  {
    prop: 'parts',
    label: '部件',
    type: 'infoPopover',
    infoProp: 'parts',
    handelText: '查看',
    tabelHeaders: [{ prop: 'name', label: '部件' }],
  },
  { parts: [{ name: '柜体' }] },
  ['查看'],
);
export const CellList = story({ prop: 'regions', label: '区域', type: 'cellList' }, { regions: ['广东省', '深圳市'] }, [
  '广东省',
  '深圳市',
]);
export const DropdownList = story(
  { prop: 'materials', label: '材料', type: 'dropdownList' },
  { materials: ['多层板', '亚克力'] },
  ['多层板', '暂无数据'],
);
export const StarMark = story({ prop: 'starred', label: '星标', type: 'starMark' }, { starred: true }, []);
export const Enum = story(
  { prop: 'urgency', label: '紧急程度', type: 'enum', data: { 1: '普通', 2: '加急', 3: '特急' } },
  { urgency: 2 },
  ['加急'],
);
// A dimension stored as an object (jsonb reorders its keys) reads 长×宽×高, not [object Object].
export const EnumDimension = story(
  { prop: 'size', label: '尺寸(mm)', type: 'enum' },
  { size: { width: 600, height: 900, length: 1200 } },
  ['1200×600×900'],
);
export const TextPair = story(
  { prop: 'contact', label: '联系人', type: 'text' },
  { contact: { name: '王店长', phone: '13900001111' } },
  ['王店长 - 13900001111'],
);
export const EnumFromDictionary = story(
  { prop: 'level', label: '客户等级', type: 'enum', data: { fieldKey: 'customerLevel' } },
  { level: 'cl1' },
  ['战略客户'],
);
export const Slot = story({ prop: 'extra', label: '自定义', type: 'slot' }, { extra: 'A' }, ['插槽:A']);
export const Money = story({ prop: 'contractPrice', label: '合同金额', type: 'money' }, { contractPrice: 12345.6 }, [
  '12,345.60',
]);
export const Percent = story({ prop: 'taxRate', label: '税率', type: 'percent' }, { taxRate: 0.13 }, ['13.00%']);
export const Loading: Story = {
  args: { col: { prop: 'name', label: '名称' }, rows: [], loading: true },
  parameters: expectText('名称', '暂无数据'),
};
