import type { Meta, StoryObj } from '@storybook/react';
import { expectText, withFixtures } from '../fixtures/story-helpers';
import { BATCH_PAGE, BATCH_ROWS } from '../fixtures/batch-and-generate';
import { PageRenderer } from '../page/PageRenderer';

// List actions on the selected rows (a stage action declared `batch`, e.g. 确认 a month's attendance at once)
// and a generator (生成工资表: asks for the month, then opens the record the server built).
const meta: Meta<typeof PageRenderer> = {
  title: 'Engine/PageRenderer/Batch actions and generators',
  component: PageRenderer,
  args: { file: 'fixtures/batch-and-generate.ts', onNavigate: () => undefined },
  parameters: { layout: 'fullscreen' },
};
export default meta;
type Story = StoryObj<typeof PageRenderer>;

/** Tick rows and press 批量确认: only the 待确认 ones are confirmed, in one call. 生成工资表 asks for a month. */
export const BatchConfirmAndGenerate: Story = {
  args: { schema: BATCH_PAGE },
  decorators: [withFixtures({ rows: BATCH_ROWS }, ['attendance:generate', 'attendance:edit'])],
  parameters: expectText('批量确认', '生成工资表', '张三', '李四', '王五', '共 3 条'),
};
