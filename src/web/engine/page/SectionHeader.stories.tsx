import type { Meta, StoryObj } from '@storybook/react';
import { expectText } from '../fixtures/story-helpers';
import { SectionHeader } from './SectionHeader';

const meta: Meta<typeof SectionHeader> = {
  title: 'Engine/SectionHeader',
  component: SectionHeader,
  args: { now: '2024-03-05' },
};
export default meta;
type Story = StoryObj<typeof SectionHeader>;

export const TabsAndMonthYear: Story = {
  args: {
    config: {
      title: '道具项目',
      tabs: [
        { label: '全部', value: 'all' },
        { label: '待我审批', value: 'todo' },
      ],
      dateMode: 'monthYear',
    },
  },
  parameters: expectText('道具项目', '全部', '待我审批', '月', '年', '2024-03'),
};

/** A work queue tab (`queue`): all pending orders whatever the month, so the period shows 全部 and its arrows rest. */
export const QueueTab: Story = {
  args: {
    config: {
      title: '道具订单',
      tabs: [
        {
          label: '待分配',
          value: 'pending',
          queue: true,
          filter: [{ field: 'orderStage', operator: 'eq', value: '待分配' }],
        },
        { label: '已分配', value: 'allocated', filter: [{ field: 'orderStage', operator: 'ne', value: '待分配' }] },
      ],
      dateMode: 'monthYear',
    },
  },
  parameters: expectText('道具订单', '待分配', '已分配', '全部'),
};

export const YearArrows: Story = {
  args: { config: { title: '年度考评', dateMode: 'year' } },
  parameters: expectText('年度考评', '2024'),
};
export const TitleOnly: Story = { args: { config: { title: '员工档案' } }, parameters: expectText('员工档案') };
/** 15 tabs (道具进度): the stage tabs fold into one 阶段 tab choosing among them; 全部 and 逾期 stay side by side. */
export const ManyStageTabs: Story = {
  args: {
    config: {
      title: '道具进度',
      tabs: [
        { label: '全部', value: 'all' },
        ...[
          '待分配',
          '制作中',
          '外发中',
          '待质检',
          '返工中',
          '待打包',
          '待入库',
          '已入库',
          '已发货',
          '安装中',
          '已安装',
          '已结算',
          '已取消',
        ].map((s) => ({ label: s, value: s, group: '阶段' })),
        { label: '逾期', value: 'late' },
      ],
      dateMode: 'monthYear',
    },
  },
  parameters: expectText('道具进度', '全部', '逾期', '阶段'),
};
