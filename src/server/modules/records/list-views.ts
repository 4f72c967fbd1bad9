// The narrowing a list's section header declares: its tab (OA, filter or stage tab) and its month or year
// (not on a work queue tab, which shows all pending work).
// A client only names the tab and the period; the conditions come from the module's schema alone, so a
// forged tab is refused and a client can never widen what a tab shows. Nested entities get the same rules
// through their own module schema, and their records answer to their page's permission codes.
import { badRequest } from '../../errors';
import { periodFilter, resolveTab, type OaTab } from '../../../common/list-views';
import { todayInChina } from '../../../common/china-time';
import type { ModuleSchema } from './schema-registry';
import type { Filter } from './query';

/** Record properties that are timestamps, not text: a period on them compares China-time instants. */
const TIMESTAMPS = new Set(['createdAt', 'updatedAt']);

export interface ListView {
  /** The OA view the tab names, if any (repository pageRecords applies it). */
  oaTab?: OaTab;
  /** Conditions for query.ts filterSql: the tab's (refs resolved) and the period's. */
  filters: Filter[];
  /** The tab is a work queue: no period narrows it. */
  queue: boolean;
}

/** The list conditions of a page call's tab and period, from the module's schema; Chinese 400 on anything unknown. */
export function listView(
  m: ModuleSchema,
  q: { tab?: string; period?: string },
  ctx: { userId: number; today?: string },
): ListView {
  const out: ListView = { filters: [], queue: false };
  if (q.tab !== undefined && q.tab !== '') {
    const tab = resolveTab(m.schema, q.tab, { today: ctx.today ?? todayInChina(), userId: ctx.userId });
    if (!tab) throw badRequest(`列表没有「${q.tab}」这个标签`);
    out.oaTab = tab.oa;
    out.filters.push(...tab.filter);
    out.queue = tab.queue;
  }
  if (q.period !== undefined && q.period !== '') {
    const field = m.schema.sectionHeader?.dateField;
    if (!field) throw badRequest('该列表不能按月份或年份筛选');
    const conds = periodFilter(field, q.period, TIMESTAMPS.has(field) ? 'instant' : 'text');
    if (!conds) throw badRequest('月份或年份格式不正确（应为 YYYY 或 YYYY-MM）');
    // A work queue holds all pending work whatever its date: a period sent with it (a client that keeps the
    // header's month across tabs) narrows nothing, decided here from the schema rather than left to the client.
    if (!out.queue) out.filters.push(...conds);
  }
  return out;
}

/**
 * The caller's codes as a module checks them: a nested entity's own actions (rowActions, stage actions
 * without a permissionCode) are its page's, so `<page>:edit` also reads as `<entity>:edit`.
 */
export function permissionsFor(m: ModuleSchema, codes: string[]): string[] {
  if (m.permissionModule === m.schema.module) return codes;
  // Kept per ACL array and module: the same array each call, so what is derived from it (access.ts's set) is kept too.
  let byModule = derived.get(codes);
  if (!byModule) derived.set(codes, (byModule = new Map()));
  let out = byModule.get(m.schema.module);
  if (!out) {
    const prefix = `${m.permissionModule}:`;
    out = [
      ...codes,
      ...codes.filter((c) => c.startsWith(prefix)).map((c) => `${m.schema.module}:${c.slice(prefix.length)}`),
    ];
    byModule.set(m.schema.module, out);
  }
  return out;
}
const derived = new WeakMap<string[], Map<string, string[]>>();
