import { useMemo, type ReactNode } from 'react';
import type { Meta, StoryObj } from '@storybook/react';
import { createFixtureProvider } from '../fixtures/fixture-provider';
import { FixtureProviders } from '../fixtures/Providers';
import { expectText } from '../fixtures/story-helpers';
import type { ChartFigures } from '../../api/data-provider';
import SmartDataView from './SmartDataView';
import { CLAIM_CHARTS, withCharts } from './fixtures';

function Charts({ figures, children }: { figures?: ChartFigures[] | 'never' | 'fail'; children: ReactNode }) {
  const provider = useMemo(() => withCharts(createFixtureProvider(), figures), [figures]);
  return <FixtureProviders provider={provider}>{children}</FixtureProviders>;
}

const meta: Meta<typeof SmartDataView> = {
  title: 'Engine/SmartDataView',
  component: SmartDataView,
  args: { module: 'claims', charts: CLAIM_CHARTS, period: '2024', onBack: () => undefined },
  decorators: [
    (Story, ctx) => (
      <Charts figures={ctx.parameters.figures as ChartFigures[] | undefined}>
        <Story />
      </Charts>
    ),
  ],
};
export default meta;
type Story = StoryObj<typeof SmartDataView>;

/** Four cards: three with figures (合计 beside the title), 状态分布 without any (暂无数据). */
export const Figures: Story = {
  parameters: expectText(
    '智能数据',
    '2024',
    '报销金额按月',
    '按费用类型',
    '按部门',
    '合计 37,770.75元',
    '暂无数据',
    '返回列表',
  ),
};
export const Loading: Story = { parameters: { figures: 'never', ...expectText('报销金额按月', '返回列表') } };
export const Failed: Story = { parameters: { figures: 'fail', ...expectText('加载失败') } };
