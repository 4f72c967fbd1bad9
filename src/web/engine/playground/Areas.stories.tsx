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

const area = (key: string): Story => {
  const a = AREAS.find((x) => x.area === key);
  return { name: a?.title ?? key, args: { area: key }, parameters: expectText(a?.title ?? key, ...(a?.pages.map((p) => p.file) ?? [])) };
};

export const Backstage = area('backstage');
export const Personnel = area('personnel');
export const Finance = area('finance');
export const Props = area('props');
export const Projects = area('projects');
export const System = area('system');
export const Office = area('office');
export const Partners = area('partners');
export const Procurement = area('procurement');
export const Sales = area('sales');
export const Warehousing = area('warehousing');
export const Other = area('other');
