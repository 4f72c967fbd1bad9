import type { Meta, StoryObj } from '@storybook/react';
import { expectText } from '../fixtures/story-helpers';
import { AreaPages } from './AreaPages';
import { AREAS } from './page-files';

// One story per menu area of the catalogue: its pages, each opening in the playground (playground.spec.tsx checks
// that every area has one).
const meta: Meta<typeof AreaPages> = {
  title: 'Schema playground/Areas',
  component: AreaPages,
  parameters: { layout: 'fullscreen' },
};
export default meta;
type Story = StoryObj<typeof AreaPages>;

// The names are written out (the story index reads them without running this file); the spec holds them to the catalogue.
const area = (key: string): Story => {
  const a = AREAS.find((x) => x.area === key);
  return { args: { area: key }, parameters: expectText(a?.title ?? key, ...(a?.pages.map((p) => p.file) ?? [])) };
};

export const Backstage: Story = { name: '后台管理', ...area('backstage') };
export const Personnel: Story = { name: '人事管理', ...area('personnel') };
export const Finance: Story = { name: '财务管理', ...area('finance') };
export const Props: Story = { name: '道具管理', ...area('props') };
export const Projects: Story = { name: '项目管理', ...area('projects') };
export const System: Story = { name: '系统设置', ...area('system') };
export const Office: Story = { name: '行政办公', ...area('office') };
export const Partners: Story = { name: '合作伙伴', ...area('partners') };
export const Procurement: Story = { name: '采购管理', ...area('procurement') };
export const Sales: Story = { name: '销售管理', ...area('sales') };
export const Warehousing: Story = { name: '仓储管理', ...area('warehousing') };
export const Other: Story = { name: '其他', ...area('other') };
