// Which list of a page is shown and what its section header offers. A page may hold nested entities
// (PageSchema.entities): each is shown as one more classification tab after the page's own tabs, and while
// it is active the list, drawer, dialogs, tree and stages are its own. Its own tabs, if several, become a
// second-level switch. Tab values of entities start with '@' (the meta-schema keeps '@' out of list tabs).
import dayjs from 'dayjs';
import type { ListTab, PageSchema, SectionHeaderConfig } from '../../../common/schema/types';
import { keyOf } from '../../../common/schema/page-defaults';
import { isQueueTab, listTabs } from '../../../common/list-views';
import type { GetListParams } from '../../api/data-provider';
import { DEFAULT_PAGE_SIZE } from '../constants';

const ENTITY = '@';

/** The page-like schema of the list with this key: the page itself, or one of its nested entities. */
export function viewOf(page: PageSchema, key: string): PageSchema {
  return (page.entities ?? []).find((e) => keyOf(e) === key) ?? page;
}

/** The tab a list opens on: its first tab (the server refuses a tab the list does not declare). */
export const firstTab = (view: PageSchema): string | undefined => listTabs(view)[0]?.value;

export interface HeaderView {
  config: SectionHeaderConfig;
  /** The header tab shown as active. */
  active?: string;
  /** The active nested entity's own tabs (a second-level switch), when it has more than one. */
  subTabs?: ListTab[];
}

/** The section header of a page while `view` is shown with list tab `tab`. */
export function headerOf(page: PageSchema, view: PageSchema, tab?: string): HeaderView | null {
  const entities = page.entities ?? [];
  const own = listTabs(page);
  if (!entities.length)
    return page.sectionHeader ? { config: { ...page.sectionHeader, tabs: own }, active: tab } : null;
  // Without tabs of its own the page's list needs one tab to come back to: named after its header title.
  const main = own.length ? own : [{ label: page.sectionHeader?.title ?? page.title, value: ENTITY + keyOf(page) }];
  const tabs = [...main, ...entities.map((e) => ({ label: e.title, value: ENTITY + keyOf(e) }))];
  const header = view.sectionHeader;
  const config: SectionHeaderConfig = { title: header?.title ?? view.title, tabs, dateMode: header?.dateMode };
  if (view === page) return { config, active: own.length ? tab : ENTITY + keyOf(page) };
  const sub = listTabs(view);
  return { config, active: ENTITY + keyOf(view), subTabs: sub.length > 1 ? sub : undefined };
}

/** What choosing a header tab shows: a list of the page (with its first tab) or a tab of the page's list. */
export function chooseHeaderTab(page: PageSchema, value: string): { view: string; tab?: string } {
  if (!value.startsWith(ENTITY)) return { view: keyOf(page), tab: value };
  const view = viewOf(page, value.slice(ENTITY.length));
  return { view: keyOf(view), tab: firstTab(view) };
}

/**
 * The header period the list is filtered by: only when its header shows one and names the field, and not on a
 * work queue tab (`queue`), which lists all pending work whatever its date.
 */
export function listPeriod(view: PageSchema, period: string | undefined, tab?: string): string | undefined {
  const h = view.sectionHeader;
  if (isQueueTab(view, tab)) return undefined;
  return h?.dateField && h.dateMode && h.dateMode !== 'none' ? period : undefined;
}

/** The month or year a section header starts on: 'YYYY-MM' for a month/year toggle, else 'YYYY'. */
export function initialPeriod(dateMode: SectionHeaderConfig['dateMode'], now?: string): string {
  return dayjs(now).format(dateMode === 'monthYear' ? 'YYYY-MM' : 'YYYY');
}

/**
 * The query a page's list asks first (page 1 of the page's own list, its first tab, the header's starting period,
 * nothing searched, sorted or picked in the tree): what PageView's DataList sends on mount. The app starts it before
 * the page's code has loaded (app/boot-requests.ts); a test checks that the list's first call is this one.
 */
export function firstListQuery(page: PageSchema, now?: string): GetListParams {
  return {
    module: page.module,
    pagination: { current: 1, pageSize: page.list.pageSize ?? DEFAULT_PAGE_SIZE },
    sorters: [],
    filters: [],
    categoryId: undefined,
    tab: firstTab(page),
    period: listPeriod(page, initialPeriod(page.sectionHeader?.dateMode, now), firstTab(page)),
  };
}
