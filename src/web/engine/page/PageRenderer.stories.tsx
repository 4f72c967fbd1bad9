import type { Meta, StoryObj } from '@storybook/react';
import { SHOWCASE, SHOWCASE_FILE } from '../fixtures/showcase';
import { showcaseRows } from '../fixtures/data';
import { expectText, withFixtures } from '../fixtures/story-helpers';
import { PageRenderer } from './PageRenderer';

const meta: Meta<typeof PageRenderer> = {
  title: 'Engine/PageRenderer',
  component: PageRenderer,
  // Five rows keep the story readable and its render test quick; the caller may open 道具 and 订单 but not 报价.
  decorators: [withFixtures({ rows: showcaseRows(5) }, ['showcase:print', 'myProp:view', 'propProject:view'])],
  args: { schema: SHOWCASE, file: SHOWCASE_FILE, now: '2024-03-05', onNavigate: () => undefined },
  parameters: { layout: 'fullscreen' },
};
export default meta;
type Story = StoryObj<typeof PageRenderer>;

export const Showcase: Story = {
  parameters: expectText(
    '分类',
    '全部',
    '帮助',
    '我的道具',
    '道具订单',
    '道具项目',
    '待我审批',
    '新增',
    'XM20240301001',
    '共 5 条',
  ),
};
export const BrokenSchema: Story = {
  args: {
    schema: { ...SHOWCASE, list: { columns: [{ prop: 'a', label: 'A', type: 'nope' }] } },
    file: 'schemas/broken.json',
  },
  parameters: expectText('页面配置错误', 'schemas/broken.json', '/list/columns/0/type'),
};
