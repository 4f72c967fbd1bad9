import type { Meta, StoryObj } from '@storybook/react';
import { CATEGORIES } from '../fixtures/data';
import { expectText } from '../fixtures/story-helpers';
import { TreePanel } from './TreePanel';

const meta: Meta<typeof TreePanel> = {
  title: 'Engine/TreePanel',
  component: TreePanel,
  args: { title: '道具分类', nodes: CATEGORIES, onNavigate: () => undefined },
};
export default meta;
type Story = StoryObj<typeof TreePanel>;

export const Default: Story = {
  args: { addable: true, editable: true },
  parameters: expectText('道具分类', '全部', '柜台', '高柜', '收起'),
};
export const Selected: Story = { args: { selectedId: 'c2' }, parameters: expectText('中岛') };
export const Empty: Story = { args: { nodes: [] }, parameters: expectText('暂无数据') };
export const Loading: Story = { args: { nodes: [], loading: true }, parameters: expectText('道具分类') };
export const ReadOnly: Story = { args: { editable: false, addable: false }, parameters: expectText('柜台') };
