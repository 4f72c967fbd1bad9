import type { Meta, StoryObj } from '@storybook/react';
import { expectText, withFixtures } from '../fixtures/story-helpers';
import { VIEWS_PAGE, VIEWS_PAGE_BY_MONTH, VIEWS_PAGE_WITH_ENTITY, viewsFixtures } from '../fixtures/list-views';
import { PageRenderer } from './PageRenderer';

// Section-header list views: filter tabs (the server applies the schema's conditions; the fixture provider
// does the same from src/common/list-views), the month/year header bound to a field, and a nested entity.
const meta: Meta<typeof PageRenderer> = {
  title: 'Engine/PageRenderer/List views',
  component: PageRenderer,
  args: { file: 'fixtures/list-views.ts', now: '2024-03-05', onNavigate: () => undefined },
  parameters: { layout: 'fullscreen' },
};
export default meta;
type Story = StoryObj<typeof PageRenderer>;

/** 未付清 first: only the open rows (甲, 乙, 丁), 共 3 条. */
export const FilterTabs: Story = {
  args: { schema: VIEWS_PAGE },
  decorators: [withFixtures(viewsFixtures(VIEWS_PAGE))],
  parameters: expectText('台账', '未付清', '已付清', '逾期', '甲公司', '乙公司', '丁公司', '共 3 条'),
};

/** The header's month (2024-03) filters 申请日期 too: of the open rows only 甲 and 乙. */
export const MonthHeader: Story = {
  args: { schema: VIEWS_PAGE_BY_MONTH },
  decorators: [withFixtures(viewsFixtures(VIEWS_PAGE_BY_MONTH))],
  parameters: expectText('2024-03', '月', '年', '甲公司', '乙公司', '共 2 条'),
};

/** A second list as one more header tab: 付款申请 (click it for its own columns, tabs and drawer). */
export const TwoEntities: Story = {
  args: { schema: VIEWS_PAGE_WITH_ENTITY },
  decorators: [withFixtures(viewsFixtures(VIEWS_PAGE_WITH_ENTITY))],
  parameters: expectText('未付清', '已付清', '逾期', '付款申请', '甲公司', '共 3 条'),
};
