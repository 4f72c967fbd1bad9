// What a list's section header narrows it to: its classification tab (OA, filter or stage tab) and its
// month or year. Shared by the server, which applies the conditions (a client only names the tab and the
// period, so it can neither forge nor widen them), and the browser, which shows the same tabs.
import { CHINA_UTC_OFFSET } from './china-time';
import type { ListTab, PageSchema, RecordCondition, SectionHeaderConfig } from './schema/types';
import { isValueRef, resolveRef, type RefContext } from './rules/conditions';
import { stageFieldOf } from './schema/stage-field';

/** Tabs without a filter: the OA views of a workflow list. */
export const OA_TABS = ['all', 'todo', 'mine', 'done', 'cc'] as const;
export type OaTab = (typeof OA_TABS)[number];

type Viewable = Pick<PageSchema, 'sectionHeader' | 'stages'>;

/** The OA tabs of a workflow list by name (SectionHeaderConfig.oaTabs), in the order the header shows them. */
export const OA_TAB_SETS: Record<NonNullable<SectionHeaderConfig['oaTabs']>, readonly OaTab[]> = {
  approval: ['all', 'todo', 'mine', 'done'],
  approvalCc: ['all', 'todo', 'mine', 'done', 'cc'],
};
const OA_LABELS: Record<OaTab, string> = {
  all: '全部',
  todo: '待我审批',
  mine: '我发起的',
  done: '我已审批',
  cc: '抄送我的',
};

/**
 * The OA tabs a header names (oaTabs), none when it names none. 待我审批 is all pending work, so where the header has
 * a month or year no period narrows it.
 */
export function namedOaTabs(header: SectionHeaderConfig | undefined): ListTab[] {
  if (!header?.oaTabs) return [];
  const dated = (header.dateMode ?? 'none') !== 'none';
  return OA_TAB_SETS[header.oaTabs].map((value) => ({
    label: OA_LABELS[value],
    value,
    ...(value === 'todo' && dated ? { queue: true } : {}),
  }));
}

/**
 * The tabs a list offers: the OA tabs its header names, the declared ones, then (stageTabs) one per stage value of its
 * stages. A page as written (the browser's first request starts before its defaults are filled in) and a page filled
 * in (page-defaults.ts writes the named OA tabs into `tabs`) offer the same.
 */
export function listTabs(s: Viewable): ListTab[] {
  const declared = [...namedOaTabs(s.sectionHeader), ...(s.sectionHeader?.tabs ?? [])];
  if (!s.sectionHeader?.stageTabs || !s.stages) return declared;
  const field = stageFieldOf(s.stages);
  const group = s.stages.label ?? '阶段';
  return [
    ...declared,
    ...s.stages.values.map(
      (v): ListTab => ({ label: v.value, value: v.value, group, filter: [{ field, operator: 'eq', value: v.value }] }),
    ),
  ];
}

export interface ResolvedTab {
  /** The OA view, when the tab is one. */
  oa?: OaTab;
  /** The tab's conditions with their ValueRefs resolved ({ $today } → today in China, { $user } → the caller). */
  filter: RecordCondition[];
  /** A work queue: the header's period does not narrow it. */
  queue: boolean;
}

/** What a tab value means for this list; null when the list has no such tab. */
export function resolveTab(s: Viewable, value: string, ctx: RefContext): ResolvedTab | null {
  const tab = listTabs(s).find((t) => t.value === value);
  if (!tab) return null;
  const oa = (OA_TABS as readonly string[]).includes(value) ? (value as OaTab) : undefined;
  return {
    oa,
    filter: (tab.filter ?? []).map((c) => (c.value === undefined ? c : { ...c, value: resolveRef(c.value, ctx) })),
    queue: tab.queue === true,
  };
}

/** Whether a tab of this list is a work queue (all pending work, whatever the header's period says). */
export function isQueueTab(s: Viewable, value: string | undefined): boolean {
  return value !== undefined && listTabs(s).some((t) => t.value === value && t.queue === true);
}

/** A header period: a year 'YYYY' or a month 'YYYY-MM'. */
export const PERIOD_PATTERN = /^(19|20|21)\d{2}(-(0[1-9]|1[0-2]))?$/;

/**
 * The half-open range [from, to) of a header period. As text ('text'), the bounds compare correctly with
 * stored 'YYYY-MM', 'YYYY-MM-DD' and 'YYYY-MM-DD HH:mm:ss' values alike (2026-03 → ['2026-03', '2026-04'];
 * '2026-03-31 23:59' < '2026-04'), so one rule serves month, date and date-time fields. As instants
 * ('instant', for timestamp columns) they are China-time midnights.
 */
export function periodRange(period: string, as: 'text' | 'instant' = 'text'): [string, string] | null {
  if (!PERIOD_PATTERN.test(period)) return null;
  const y = Number(period.slice(0, 4));
  let range: [string, string];
  if (period.length === 4) range = [period, String(y + 1)];
  else {
    const m = Number(period.slice(5));
    range = [period, m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`];
  }
  if (as === 'text') return range;
  const day = (b: string) => (b.length === 4 ? `${b}-01-01` : `${b}-01`);
  return [`${day(range[0])}T00:00:00${CHINA_UTC_OFFSET}`, `${day(range[1])}T00:00:00${CHINA_UTC_OFFSET}`];
}

/** The list conditions of a period on a field: from ≤ field < to. */
export function periodFilter(field: string, period: string, as: 'text' | 'instant' = 'text'): RecordCondition[] | null {
  const r = periodRange(period, as);
  return (
    r && [
      { field, operator: 'gte', value: r[0] },
      { field, operator: 'lt', value: r[1] },
    ]
  );
}

/**
 * The fields a schema's tabs and header period filter on (they become filterable, hence indexed). A tab
 * condition referring to a form field ({ $field }) has no form to read in a list: refused at start.
 */
export function listViewFields(file: string, schema: PageSchema): string[] {
  const out: string[] = [];
  for (const t of listTabs(schema)) {
    for (const c of t.filter ?? []) {
      const refs = Array.isArray(c.value) ? c.value : [c.value];
      if (refs.some((v) => isValueRef(v) && '$field' in v))
        throw new Error(`${file}: tab "${t.value}" filters on a form field ($field), which a list does not have`);
      out.push(c.field);
    }
  }
  const dateField = schema.sectionHeader?.dateField;
  if (dateField) out.push(dateField);
  return out;
}
