// Every module page opens on rows for the demo owner: each route's list is asked exactly as the web app asks it
// first (its first tab, the header's starting period as a browser in China sees today: firstListQuery), and each
// further list of the page (a nested entity) as choosing its tab would. A page a person opens for the first time
// showing 暂无数据 (or one row) while the company has months of data is what this guards against. Pages that are
// not record lists show their own first content: a dictionary page its first field's items, 用户管理 the team's
// members, 字段选项 the modules it tunes, a platform table its rows (the demo owner runs the platform too).
// Work queues (a tab declared `queue`) show every pending record whatever its date: asked with a period far from
// any demo record, they answer the same rows as without one.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../helpers/databases';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { DEMO } from '../../src/server/seed';
import { todayInChina } from '../../src/common/china-time';
import { listTabs } from '../../src/common/list-views';
import { firstListQuery, firstTab, initialPeriod, listPeriod } from '../../src/web/engine/page/page-views';
import type { AnyPageSchema, EntityDef, PageSchema } from '../../src/common/schema/types';

const SCHEMAS = fileURLToPath(new URL('../../schemas', import.meta.url));
/** Fewer rows than this on a page's first view reads as an empty page. */
const AT_LEAST = 3;

/** Every page schema of the product (the examples and the meta-schema aside), by its route. */
function pages(): { route: string; page: AnyPageSchema }[] {
  const out: { route: string; page: AnyPageSchema }[] = [];
  for (const dir of fs.readdirSync(SCHEMAS, { withFileTypes: true })) {
    if (!dir.isDirectory() || dir.name === 'examples') continue;
    for (const f of fs.readdirSync(path.join(SCHEMAS, dir.name)).sort()) {
      if (f.endsWith('.json'))
        out.push({
          route: `/${dir.name}/${f.slice(0, -5)}`,
          page: JSON.parse(fs.readFileSync(path.join(SCHEMAS, dir.name, f), 'utf8')) as AnyPageSchema,
        });
    }
  }
  return out;
}

/** The month before a 'YYYY-MM' period. */
function previousMonth(period: string): string {
  const [y, m] = period.split('-').map(Number);
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

const isRecordPage = (p: AnyPageSchema): p is PageSchema => 'list' in p && p.list !== undefined;
/** A nested entity as the page renderer shows it: a page-like list of its own. */
const asView = (e: EntityDef): PageSchema => e as PageSchema;

/**
 * A list of the caller's own record where a person has at most one (我的档案: the employee files, one per account,
 * shown to their person only): it opens on that one record. Read from the schemas: the list shows records whose
 * field F is the caller, and the records' module allows one record per F.
 */
function onePerCaller(view: PageSchema, modules: Map<string, PageSchema>): boolean {
  const groups = view.visibleWhen ?? [];
  if (groups.length !== 1 || groups[0].length !== 1) return false;
  const [c] = groups[0];
  const own = c.operator === 'eq' && typeof c.value === 'object' && c.value !== null && '$user' in c.value;
  const records = modules.get(view.viewOf ?? view.module) ?? view;
  return own && (records.unique ?? []).some((u) => u.fields.length === 1 && u.fields[0] === c.field);
}

describe.each(testDialects())('every page opens on rows on $name', (dialect) => {
  let t: TestApp;
  let token: string;
  const today = todayInChina();
  const all = pages();

  beforeAll(async () => {
    t = await createTestApp(dialect);
    token = await t.login(DEMO.username, DEMO.password);
  });
  afterAll(async () => t?.close());

  /** The rows a list call answers (its total and first page). */
  async function list(module: string, body: Record<string, unknown>): Promise<{ total: number; ids: number[] }> {
    const r = await t.call('POST', `/api/data/${module}/page`, { pageNum: 1, pageSize: 500, ...body }, token);
    expect(r.status, `${module} ${JSON.stringify(body)}: ${r.message}`).toBe(200);
    return { total: r.data.total, ids: (r.data.list as { id: number }[]).map((x) => x.id) };
  }

  it('walks all 58 module routes', () => {
    expect(all).toHaveLength(58);
  });

  it('each record list opens (first tab, starting period) on at least three rows; a single-record page on its record', async () => {
    const modules = new Map<string, PageSchema>();
    for (const { page } of all)
      if (isRecordPage(page)) for (const v of [page, ...(page.entities ?? []).map(asView)]) modules.set(v.module, v);
    const short: string[] = [];
    for (const { route, page } of all) {
      if (!isRecordPage(page)) continue;
      const views: { name: string; view: PageSchema }[] = [
        { name: route, view: page },
        ...(page.entities ?? []).map((e) => ({ name: `${route} → ${e.title}`, view: asView(e) })),
      ];
      for (const { name, view } of views) {
        const q =
          view === page
            ? firstListQuery(page, today)
            : {
                tab: firstTab(view),
                period: listPeriod(view, initialPeriod(view.sectionHeader?.dateMode, today), firstTab(view)),
              };
        let { total } = await list(view.module, { tab: q.tab, period: q.period });
        // The story is dated back from the day it is seeded, so what lies in "this month" depends on the day of the
        // month the suite runs: a history list (a dated tab that is no queue) counts this month and the one before
        // (its 上一期), which always hold the story's last four weeks; a queue or undated list counts as it opens.
        if (q.period?.length === 7)
          total += (await list(view.module, { tab: q.tab, period: previousMonth(q.period) })).total;
        const one = view.single || onePerCaller(view, modules);
        if (one ? total !== 1 : total < AT_LEAST)
          short.push(`${name} (tab ${q.tab ?? '-'}, period ${q.period ?? '-'}): ${total} rows`);
      }
    }
    expect(short, 'pages opening on (nearly) nothing').toEqual([]);
  });

  it('each work queue shows its pending records whatever the period, at least three of them', async () => {
    let queues = 0;
    const short: string[] = [];
    for (const { route, page } of all) {
      if (!isRecordPage(page)) continue;
      for (const view of [page, ...(page.entities ?? []).map(asView)]) {
        for (const tab of listTabs(view).filter((x) => x.queue)) {
          queues++;
          const pending = await list(view.module, { tab: tab.value });
          if (pending.total < AT_LEAST) short.push(`${route} ${view.module} ${tab.label}: ${pending.total}`);
          if (!view.sectionHeader?.dateField) continue;
          // A month and a year long gone (no demo record lies there), and this year and month: none narrows the queue.
          for (const period of ['2001-01', '2001', today.slice(0, 4), today.slice(0, 7)]) {
            const narrowed = await list(view.module, { tab: tab.value, period });
            expect(narrowed, `${route} ${tab.label} with period ${period}`).toEqual(pending);
          }
        }
      }
    }
    expect(short, 'queues with (nearly) nothing to do').toEqual([]);
    expect(queues).toBeGreaterThanOrEqual(10);
  });

  it('dictionary pages, 用户管理, 字段选项 and the platform tables open on their content', async () => {
    for (const { route, page } of all) {
      if ('dictionary' in page && page.dictionary) {
        const fieldKey = page.dictionary.groups[0].fieldKeys[0].fieldKey;
        const r = await t.call('POST', '/api/admin/sysmenuListFieldDict/queryByFieldKey', { fieldKey }, token);
        expect(r.status, route).toBe(200);
        expect((r.data as unknown[]).length, `${route} ${fieldKey}`).toBeGreaterThanOrEqual(AT_LEAST);
      } else if ('teamAdmin' in page && page.teamAdmin) {
        const r = await t.call('GET', '/api/admin/sysuser/getTenantUserName', undefined, token);
        expect(r.status, route).toBe(200);
        expect((r.data as unknown[]).length, route).toBeGreaterThanOrEqual(AT_LEAST);
      } else if ('fieldOptions' in page && page.fieldOptions) {
        const r = await t.call('GET', '/api/field-options/modules', undefined, token);
        expect(r.status, route).toBe(200);
        expect(JSON.stringify(r.data).length, route).toBeGreaterThan(100);
      } else if ('platformTable' in page && page.platformTable) {
        const r = await t.call('GET', `/api/platform/${page.platformTable.tabs[0].table}/list`, undefined, token);
        expect(r.status, `${route}: ${r.message}`).toBe(200);
        expect((r.data.list as unknown[]).length, route).toBeGreaterThanOrEqual(AT_LEAST);
      }
    }
  });
});
