import type { Meta, StoryObj } from '@storybook/react';
import { SHOWCASE, SHOWCASE_FILE } from '../fixtures/showcase';
import { showcaseRows } from '../fixtures/data';
import { expectText, withFixtures } from '../fixtures/story-helpers';
import { SchemaPlayground } from './SchemaPlayground';

const meta: Meta<typeof SchemaPlayground> = {
  title: 'Schema playground',
  component: SchemaPlayground,
  decorators: [withFixtures({ rows: showcaseRows(5) })],
  parameters: { layout: 'fullscreen' },
};
export default meta;
type Story = StoryObj<typeof SchemaPlayground>;

export const Showcase: Story = {
  args: { initial: JSON.stringify(SHOWCASE, null, 2), file: SHOWCASE_FILE },
  parameters: expectText('校验通过', '道具项目', 'XM20240301001'),
};
export const WithErrors: Story = {
  args: {
    initial: JSON.stringify({ key: 'demo', title: '示例', module: 'demo', list: { columns: [{ prop: 'a', label: 'A', type: 'bogus' }] }, drawer: { title: '抽屉', fields: [{ fieldName: 'x', fontendType: 'text' }] } }, null, 2),
    file: 'schemas/demo.json',
  },
  parameters: expectText('校验错误', 'schemas/demo.json', '/list/columns/0/type', '缺少必填属性 titleName'),
};
