import type { Meta, StoryObj } from '@storybook/react';
import { SHOWCASE, SHOWCASE_FILE } from '../fixtures/showcase';
import { expectText } from '../fixtures/story-helpers';
import { SchemaPlayground } from './SchemaPlayground';

const meta: Meta<typeof SchemaPlayground> = {
  title: 'Schema playground/Editor',
  component: SchemaPlayground,
  parameters: { layout: 'fullscreen' },
};
export default meta;
type Story = StoryObj<typeof SchemaPlayground>;

// A file of schemas/ with sample records made from its fields.
export const Showcase: Story = {
  args: { file: SHOWCASE_FILE },
  parameters: expectText('校验通过', SHOWCASE.title, 'SH202403050001'),
};
// Pasted JSON the meta-schema refuses: each error with its file, JSON path and the allowed name closest to it.
export const WithErrors: Story = {
  args: {
    initial: JSON.stringify(
      {
        key: 'demo',
        title: '示例',
        module: 'demo',
        list: { columns: [{ prop: 'a', label: 'A', type: 'bogus' }] },
        drawer: { title: '抽屉', fields: [{ fieldName: 'x', fontendType: 'text', required: true }] },
      },
      null,
      2,
    ),
    file: 'schemas/demo.json',
  },
  parameters: expectText(
    '校验错误',
    'schemas/demo.json',
    '/list/columns/0/type',
    '缺少必填属性 titleName',
    '不允许的属性 required（是否应为 requireAble？',
  ),
};
// A name that names nothing: the schema is valid, the checker names the field and the closest one beside it.
export const WithNameProblems: Story = {
  args: {
    initial: JSON.stringify(
      {
        ...SHOWCASE,
        list: {
          ...SHOWCASE.list,
          rowStyles: [{ when: `${SHOWCASE.drawer?.fields[0].fieldName}x == ""`, textColor: '#cf1322' }],
        },
      },
      null,
      2,
    ),
    file: SHOWCASE_FILE,
  },
  parameters: expectText(
    '名称检查 1 处',
    '/list/rowStyles/0/when',
    `did you mean ${SHOWCASE.drawer?.fields[0].fieldName}?`,
  ),
};
