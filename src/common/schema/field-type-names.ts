import type { FieldType } from './types';

/** What each kind of input is called on screen (字段配置 shows it under the field's title, never the schema's key). */
export const FIELD_TYPE_NAMES: Record<FieldType, string> = {
  text: '单行文本',
  textarea: '多行文本',
  number: '数字',
  select: '下拉选择',
  multiSelect: '下拉多选',
  treeSelect: '树形选择',
  cascader: '级联选择',
  date: '日期',
  month: '月份',
  dateTime: '日期时间',
  dateRange: '日期区间',
  twoText: '双文本',
  dimension: '尺寸',
  upload: '附件',
  image: '图片',
  idCard: '身份证号',
  switch: '开关',
  radio: '单选',
  checkbox: '多选',
};
