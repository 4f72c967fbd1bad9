import type { Meta, StoryObj } from '@storybook/react';
import { expectText } from './fixtures/story-helpers';
import { SectionHeader } from './SectionHeader';

const meta: Meta<typeof SectionHeader> = { title: 'Engine/SectionHeader', component: SectionHeader, args: { now: '2024-03-05' } };
export default meta;
type Story = StoryObj<typeof SectionHeader>;

export const TabsAndMonthYear: Story = {
  args: { config: { title: '道具项目', tabs: [{ label: '全部', value: 'all' }, { label: '待我审批', value: 'todo' }], dateMode: 'monthYear' } },
  parameters: expectText('道具项目', '全部', '待我审批', '月', '年', '2024-03'),
};
export const YearArrows: Story = { args: { config: { title: '年度考评', dateMode: 'year' } }, parameters: expectText('年度考评', '2024') };
export const TitleOnly: Story = { args: { config: { title: '员工档案' } }, parameters: expectText('员工档案') };
