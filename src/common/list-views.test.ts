import { describe, expect, it } from 'vitest';
import type { PageSchema } from './schema/types';
import { listTabs, periodFilter, periodRange, resolveTab } from './list-views';
import { validatePageSchema } from './schema/loader';

const page: Pick<PageSchema, 'sectionHeader' | 'stages'> = {
  sectionHeader: {
    title: '应收单',
    tabs: [
      { label: '全部', value: 'all' },
      { label: '待我审批', value: 'todo' },
      {
        label: '未回款',
        value: 'open',
        filter: [{ field: 'receiveStage', operator: 'in', value: ['未回款', '部分回款'] }],
      },
      {
        label: '逾期',
        value: 'overdue',
        filter: [
          { field: 'dueDate', operator: 'lt', value: { $today: true } },
          { field: 'balancePrice', operator: 'gt', value: 0 },
        ],
      },
      {
        label: '我负责的',
        value: 'mine2',
        filter: [
          { field: 'managerId', operator: 'eq', value: { $user: true } },
          { field: 'dueDate', operator: 'notNull' },
        ],
      },
    ],
    stageTabs: true,
  },
  stages: { field: 'receiveStage', initial: '未回款', values: [{ value: '未回款' }, { value: '已回款' }], actions: [] },
};
const ctx = { today: '2026-03-15', userId: 7 };

describe('list tabs', () => {
  it('lists the declared tabs, then one per stage value', () => {
    expect(listTabs(page).map((t) => t.value)).toEqual(['all', 'todo', 'open', 'overdue', 'mine2', '未回款', '已回款']);
    expect(listTabs(page)[5].filter).toEqual([{ field: 'receiveStage', operator: 'eq', value: '未回款' }]);
    // Stage tabs come as one group, which a crowded header folds into one tab (SectionHeader's foldTabs).
    expect(
      listTabs(page)
        .slice(5)
        .map((t) => t.group),
    ).toEqual(['阶段', '阶段']);
    expect(listTabs(page)[0].group).toBeUndefined();
    expect(listTabs({ sectionHeader: { title: 't', stageTabs: true } })).toEqual([]);
    expect(listTabs({})).toEqual([]);
  });

  it('resolves a tab to its OA view or its conditions, with today and the user filled in', () => {
    expect(resolveTab(page, 'todo', ctx)).toEqual({ oa: 'todo', filter: [], queue: false });
    expect(resolveTab(page, 'open', ctx)).toEqual({
      oa: undefined,
      filter: [{ field: 'receiveStage', operator: 'in', value: ['未回款', '部分回款'] }],
      queue: false,
    });
    expect(resolveTab(page, 'overdue', ctx)?.filter).toEqual([
      { field: 'dueDate', operator: 'lt', value: '2026-03-15' },
      { field: 'balancePrice', operator: 'gt', value: 0 },
    ]);
    expect(resolveTab(page, 'mine2', ctx)?.filter).toEqual([
      { field: 'managerId', operator: 'eq', value: 7 },
      { field: 'dueDate', operator: 'notNull' },
    ]);
    expect(resolveTab(page, '已回款', ctx)?.filter[0].value).toBe('已回款');
  });

  it('knows no tab the schema does not declare (even an OA value)', () => {
    expect(resolveTab(page, 'forged', ctx)).toBeNull();
    expect(resolveTab({ sectionHeader: { title: 't' } }, 'all', ctx)).toBeNull();
    expect(resolveTab({}, 'cc', ctx)).toBeNull();
  });
});

describe('header periods', () => {
  it('a month or a year as a half-open text range that also fits date and date-time values', () => {
    expect(periodRange('2026-03')).toEqual(['2026-03', '2026-04']);
    expect(periodRange('2026-12')).toEqual(['2026-12', '2027-01']);
    expect(periodRange('2026')).toEqual(['2026', '2027']);
    const [lo, hi] = periodRange('2026-03')!;
    for (const inside of ['2026-03', '2026-03-01', '2026-03-31', '2026-03-31 23:59:59'])
      expect(inside >= lo && inside < hi).toBe(true);
    for (const outside of ['2026-02-28', '2026-04', '2026-04-01']) expect(outside >= lo && outside < hi).toBe(false);
  });

  it('as China-time instants for timestamp columns', () => {
    expect(periodRange('2026-12', 'instant')).toEqual(['2026-12-01T00:00:00+08:00', '2027-01-01T00:00:00+08:00']);
    expect(periodRange('2026', 'instant')).toEqual(['2026-01-01T00:00:00+08:00', '2027-01-01T00:00:00+08:00']);
  });

  it('refuses anything but YYYY or YYYY-MM', () => {
    for (const bad of ['2026-13', '2026-3', '26', '2026-03-01', 'x', '']) expect(periodRange(bad)).toBeNull();
    expect(periodFilter('applyDate', '2026-03')).toEqual([
      { field: 'applyDate', operator: 'gte', value: '2026-03' },
      { field: 'applyDate', operator: 'lt', value: '2026-04' },
    ]);
    expect(periodFilter('applyDate', 'bad')).toBeNull();
  });
});

describe('the meta-schema for tabs, dateField and entities', () => {
  const list = { columns: [{ prop: 'code', label: '单号' }] };
  const base = { key: 'p', title: '页', module: 'm', list };
  it('accepts filter tabs, stage tabs, a dateField and nested entities', () => {
    const r = validatePageSchema(
      {
        ...base,
        sectionHeader: {
          title: '单',
          tabs: [
            { label: '全部', value: 'all' },
            { label: '逾期', value: 'late', filter: [{ field: 'dueDate', operator: 'lt', value: { $today: true } }] },
          ],
          stageTabs: true,
          dateMode: 'monthYear',
          dateField: 'applyDate',
        },
        entities: [
          {
            key: 'e',
            title: '子',
            module: 'm2',
            list,
            sectionHeader: { title: '子', tabs: [{ label: '全部', value: 'all' }] },
          },
        ],
      },
      'ok.json',
    );
    expect(r.errors).toEqual([]);
  });
  it('a tab without a filter must be an OA tab; @ is kept for entity tabs', () => {
    const r = validatePageSchema(
      {
        ...base,
        sectionHeader: {
          title: '单',
          tabs: [
            { label: '错', value: 'tod' },
            { label: '坏', value: '@x', filter: [{ field: 'a', operator: 'eq', value: 1 }] },
          ],
        },
      },
      'x.json',
    );
    expect(r.errors.map((e) => e.path)).toEqual(
      expect.arrayContaining(['/sectionHeader/tabs/0/value', '/sectionHeader/tabs/1/value']),
    );
  });
  it('an entity is a record page without a module tab bar and without nesting', () => {
    const r = validatePageSchema(
      { ...base, entities: [{ key: 'e', title: '子', module: 'm2', list, tabs: { modules: [] }, entities: [] }] },
      'x.json',
    );
    expect(r.errors.map((e) => e.path)).toEqual(expect.arrayContaining(['/entities/0/tabs', '/entities/0/entities']));
    expect(validatePageSchema({ ...base, entities: [{ key: 'e', title: '子', module: 'm2' }] }, 'x.json').ok).toBe(
      false,
    );
  });
});
