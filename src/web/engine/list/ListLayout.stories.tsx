import type { Meta, StoryObj } from '@storybook/react';
import { CATEGORIES } from '../fixtures/data';
import { expectText } from '../fixtures/story-helpers';
import { ListLayout } from './ListLayout';
import { ModuleTabs } from '../page/ModuleTabs';
import { TreePanel } from '../tree/TreePanel';

function Demo() {
  return (
    <ListLayout
      tree={<TreePanel title="分类" nodes={CATEGORIES} />}
      tabs={<ModuleTabs modules={[{ moduleAbbreviation: '道具', mobileClientName: '我的道具' }]} />}
      extra={<aside style={{ width: 120, background: '#fafafa' }}>其他页面插槽</aside>}
    >
      <div style={{ height: 200, background: '#f5f5f5' }}>表格区域</div>
    </ListLayout>
  );
}
const meta: Meta<typeof Demo> = { title: 'Engine/ListLayout', component: Demo };
export default meta;
export const Default: StoryObj<typeof Demo> = {
  parameters: expectText('分类', '我的道具', '表格区域', '其他页面插槽'),
};
