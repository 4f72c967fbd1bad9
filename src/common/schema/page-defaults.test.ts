// A search on the approval status offers every status unless it lists its own (page-defaults.ts): the 16 pages that
// copied the same five options now leave them out and still offer them.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSchemaFiles } from '../../../scripts/check-schemas';
import { validatePageSchema } from './loader';
import { listTabs } from '../list-views';
import { endedEffects, RECORD_STATUS_OPTIONS, withPageDefaults } from './page-defaults';
import type { EffectDef } from './types';
import type { EntityDef, PageSchema } from './types';

const FIVE = ['待提交', '审批中', '已通过', '已驳回', '已撤回'].map((s) => ({ label: s, value: s }));

describe('the approval status search', () => {
  it('offers the five statuses on every page that searches by status', () => {
    const offered: string[] = [];
    for (const { file } of readSchemaFiles()) {
      const res = validatePageSchema(
        JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../..', file), 'utf8')),
        file,
      );
      if (!res.ok || !('list' in res.schema)) continue;
      const page = res.schema as PageSchema;
      for (const e of [page, ...(page.entities ?? [])] as EntityDef[]) {
        const status = e.list.search?.find((f) => f.fieldName === 'status');
        if (!status) continue;
        expect(status.data, `${file} ${e.module}`).toEqual(FIVE);
        offered.push(e.module);
      }
    }
    expect(offered.length).toBeGreaterThanOrEqual(16);
  });

  it('keeps a status search’s own options, and gives each page its own copy', () => {
    const mine = [{ label: '已通过', value: '已通过' }];
    const page = (data?: unknown) =>
      withPageDefaults({
        key: 'p',
        module: 'p',
        title: 'p',
        list: {
          columns: [],
          search: [{ fieldName: 'status', titleName: '状态', fontendType: 'select', ...(data ? { data } : {}) }],
        },
      } as unknown as PageSchema);
    expect(page(mine).list.search?.[0].data).toEqual(mine);
    const a = page().list.search?.[0].data;
    expect(a).toEqual(RECORD_STATUS_OPTIONS);
    expect(a).not.toBe(page().list.search?.[0].data);
  });
});

describe('a page’s key', () => {
  it('is its module unless it writes another, for the page and each nested list', () => {
    const page = withPageDefaults({
      module: 'p',
      title: 'p',
      list: { columns: [] },
      entities: [
        { module: 'e', title: 'e', list: { columns: [] } },
        { key: 'own', module: 'f', title: 'f', list: { columns: [] } },
      ],
    } as unknown as PageSchema);
    expect([page.key, ...(page.entities ?? []).map((e) => e.key)]).toEqual(['p', 'e', 'own']);
    expect(
      withPageDefaults({ key: 'design/p', module: 'p', title: 'p', list: { columns: [] } } as unknown as PageSchema)
        .key,
    ).toBe('design/p');
  });
});

describe('a header’s named OA tabs', () => {
  const header = (h: Record<string, unknown>) =>
    withPageDefaults({
      module: 'p',
      title: 'p',
      sectionHeader: { title: 'p', ...h },
      list: { columns: [] },
    } as unknown as PageSchema).sectionHeader;

  it('come before its own tabs, 待我审批 a work queue only where the header has a month or year', () => {
    const own = { label: '执行中', value: 'running' };
    const h = header({ oaTabs: 'approval', dateMode: 'monthYear', tabs: [own] });
    expect(h?.tabs?.map((t) => `${t.label}${t.queue ? '*' : ''}`)).toEqual([
      '全部',
      '待我审批*',
      '我发起的',
      '我已审批',
      '执行中',
    ]);
    expect(h).not.toHaveProperty('oaTabs');
    expect(header({ oaTabs: 'approvalCc' })?.tabs?.map((t) => t.label)).toEqual([
      '全部',
      '待我审批',
      '我发起的',
      '我已审批',
      '抄送我的',
    ]);
    expect(header({ oaTabs: 'approval', dateMode: 'none' })?.tabs?.some((t) => t.queue)).toBe(false);
  });

  it('are the list’s tabs whether the page is read as written or filled in', () => {
    const written = {
      module: 'p',
      title: 'p',
      sectionHeader: {
        title: 'p',
        oaTabs: 'approval',
        dateMode: 'year',
        tabs: [{ label: '执行中', value: 'running' }],
      },
      list: { columns: [] },
    } as unknown as PageSchema;
    expect(listTabs(written)).toEqual(listTabs(withPageDefaults(structuredClone(written))));
    expect(listTabs(written)).toHaveLength(5);
  });

  it('are filled in once however often the page is', () => {
    const page = withPageDefaults({
      module: 'p',
      title: 'p',
      sectionHeader: { title: 'p', oaTabs: 'approval' },
      list: { columns: [] },
    } as unknown as PageSchema);
    expect(withPageDefaults(page).sectionHeader?.tabs).toHaveLength(4);
  });
});

describe('an effect on "ended"', () => {
  const giveBack = {
    key: 'purchase',
    on: 'ended',
    kind: 'update',
    target: 'source',
    when: 'billType == "入库"',
    setLines: { receivedQuantity: 'line.receivedQuantity - 1' },
    resubmitted: { setLines: { receivedQuantity: 'line.receivedQuantity + 1' } },
  } as EffectDef;

  it('is the effect on refused and on withdrawn, and its counterpart on resubmitted', () => {
    const [refused, withdrawn, resubmitted, ...more] = endedEffects(giveBack);
    expect(more).toEqual([]);
    const { resubmitted: _, ...base } = giveBack;
    expect(refused).toEqual({ ...base, key: 'purchaseRefused', on: 'refused' });
    expect(withdrawn).toEqual({ ...base, key: 'purchaseWithdrawn', on: 'withdrawn' });
    expect(resubmitted).toEqual({
      ...base,
      key: 'purchaseResubmitted',
      on: 'resubmitted',
      setLines: { receivedQuantity: 'line.receivedQuantity + 1' },
    });
    expect(refused.setLines).not.toBe(withdrawn.setLines);
  });

  it('without a counterpart gives back only; other effects stay as they are, in place', () => {
    const { resubmitted: _, ...only } = giveBack;
    expect(endedEffects(only as EffectDef).map((e) => e.on)).toEqual(['refused', 'withdrawn']);
    const approved = { key: 'posted', on: 'approved', kind: 'update', target: 'source' } as EffectDef;
    const page = withPageDefaults({
      module: 'p',
      title: 'p',
      list: { columns: [] },
      effects: [approved, giveBack, { ...approved, key: 'last' }],
    } as unknown as PageSchema);
    expect(page.effects?.map((e) => e.key)).toEqual([
      'posted',
      'purchaseRefused',
      'purchaseWithdrawn',
      'purchaseResubmitted',
      'last',
    ]);
    expect(withPageDefaults(page).effects).toHaveLength(5);
  });
});

describe('a list’s stage options', () => {
  it('are its stages’ values on a status column (with their colours) and a select search on the stage field that list none', () => {
    const page = withPageDefaults({
      module: 'p',
      title: 'p',
      stages: {
        field: 'payStage',
        initial: '待付款',
        values: [{ value: '待付款', color: 'orange' }, { value: '已付款' }],
        actions: [],
      },
      list: {
        search: [{ fieldName: 'payStage', titleName: '阶段', fontendType: 'select' }],
        columns: [
          { prop: 'payStage', label: '阶段', type: 'status' },
          { prop: 'payStage', label: '阶段', type: 'status', data: [{ label: '只此', value: '只此' }] },
        ],
      },
    } as unknown as PageSchema);
    expect(page.list.search?.[0].data).toEqual([
      { label: '待付款', value: '待付款' },
      { label: '已付款', value: '已付款' },
    ]);
    expect(page.list.columns[0].data).toEqual([
      { label: '待付款', value: '待付款', color: 'orange' },
      { label: '已付款', value: '已付款' },
    ]);
    expect(page.list.columns[1].data).toEqual([{ label: '只此', value: '只此' }]);
  });
});
