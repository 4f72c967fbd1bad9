import type { Meta, StoryObj } from '@storybook/react';
import { SAMPLE_IMAGE } from '../fixtures/data';
import { expectText } from '../fixtures/story-helpers';
import { ModuleTabs } from './ModuleTabs';

const modules = [
  { moduleAbbreviation: '道具', mobileClientName: '我的道具', key: 'myProp' },
  { moduleAbbreviation: '报价', mobileClientName: '道具报价', key: 'propPricing' },
  { moduleAbbreviation: '订单', mobileClientName: '道具订单', key: 'propProject' },
];
const meta: Meta<typeof ModuleTabs> = {
  title: 'Engine/ModuleTabs',
  component: ModuleTabs,
  args: { modules, tipsImage: SAMPLE_IMAGE },
};
export default meta;
type Story = StoryObj<typeof ModuleTabs>;

export const Default: Story = { parameters: expectText('帮助', '道具', '我的道具', '报价', '智能数据') };
export const SecondSelected: Story = { args: { selectedKey: 'propPricing' }, parameters: expectText('道具报价') };
export const WithoutSmartData: Story = { args: { hideSmartData: true }, parameters: expectText('帮助', '订单') };
export const Empty: Story = { args: { modules: [], tipsImage: undefined }, parameters: expectText('帮助') };
