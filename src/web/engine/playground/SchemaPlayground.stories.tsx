import type { Meta, StoryObj } from '@storybook/react';
import catalogue from '../../../../catalogue/modules.json';
import type { SchemaFile } from '../../../common/schema/check';
import { SHOWCASE, SHOWCASE_FILE } from '../fixtures/showcase';
import { showcaseRows } from '../fixtures/data';
import { expectText, withFixtures } from '../fixtures/story-helpers';
import { SchemaPlayground } from './SchemaPlayground';

// Every page of schemas/, so the checker resolves what the edited page names in the others.
const PAGES: SchemaFile[] = Object.entries(import.meta.glob<{ default: unknown }>(['../../../../schemas/**/*.json', '!**/page.schema.json'], { eager: true }))
  .map(([p, m]) => ({ file: p.replace(/^(\.\.\/)+/, ''), schema: m.default }));
const CONTEXT = { modules: catalogue.modules };

const meta: Meta<typeof SchemaPlayground> = {
  title: 'Schema playground',
  component: SchemaPlayground,
  decorators: [withFixtures({ rows: showcaseRows(5) })],
  parameters: { layout: 'fullscreen' },
};
export default meta;
type Story = StoryObj<typeof SchemaPlayground>;

export const Showcase: Story = {
  args: { initial: JSON.stringify(SHOWCASE, null, 2), file: SHOWCASE_FILE, pages: PAGES, context: CONTEXT },
  parameters: expectText('校验通过', '道具项目', 'XM20240301001'),
};
export const WithErrors: Story = {
  args: {
    initial: JSON.stringify({ key: 'demo', title: '示例', module: 'demo', list: { columns: [{ prop: 'a', label: 'A', type: 'bogus' }] }, drawer: { title: '抽屉', fields: [{ fieldName: 'x', fontendType: 'text', required: true }] } }, null, 2),
    file: 'schemas/demo.json',
  },
  parameters: expectText('校验错误', 'schemas/demo.json', '/list/columns/0/type', '缺少必填属性 titleName', '不允许的属性 required（是否应为 requireAble？'),
};
// A name that names nothing: the schema is valid, the checker names the field and the closest one beside it.
export const WithNameProblems: Story = {
  args: {
    initial: JSON.stringify({ ...SHOWCASE, list: { ...SHOWCASE.list, rowStyles: [{ when: `${SHOWCASE.drawer?.fields[0].fieldName}x == ""`, textColor: '#cf1322' }] } }, null, 2),
    file: SHOWCASE_FILE,
    pages: PAGES,
    context: CONTEXT,
  },
  parameters: expectText('名称检查 1 处', '/list/rowStyles/0/when', `did you mean ${SHOWCASE.drawer?.fields[0].fieldName}?`),
};
