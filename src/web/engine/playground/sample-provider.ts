// A DataProvider without a server, for trying page schemas: every list of the given pages answers sample records made
// from its own declarations (sample-records.ts), pickers offer the records of the module they name, dictionaries
// their sample items; what is added, edited, submitted or moved on is kept in memory for the session.
import type { AnyPageSchema, CategoryNode, EntityDef, RecordSource } from '../../../common/schema/types';
import { isQueueTab, periodFilter, resolveTab } from '../../../common/list-views';
import { dictToOptions } from '../../../common/schema/dictionary';
import { recordListsOf } from '../../../common/schema/record-lists';
import type { DataProvider, GetListParams, Row } from '../../api/data-provider';
import { createDictStore } from '../fixtures/dict-store';
import { applyStage, decided, rowActions, savedProgress } from './sample-actions';
import { offered, sampleDictEntries } from './sample-dictionaries';
import { pickedLabels, pickerOption, sourceOf } from './sample-pickers';
import { meeting, SAMPLE_REFS, sampleMatches, tabConditions } from './sample-tabs';
import { RecordStatus } from '../../../common/record-status';
import {
  codePropOf,
  recordFields,
  renamedNode,
  SAMPLE_COUNT,
  sampleCategories,
  sampleCode,
  sampleRecord,
  settleRecord,
  type SampleRow,
} from './sample-records';
import { SAMPLE_PICTURE, SAMPLE_TODAY, type SampleScope } from './sample-values';

/** The sample provider, with the records it holds now (tests read them). */
export type SampleProvider = DataProvider & { rowsOf(module: string): SampleRow[] };

/** What the server keeps out of a record's data: the request's own words. */
const NOT_STORED = new Set(['requestKey', 'submit', 'chosenApprovers']);

/** A list the pages do not declare (a picker's module with no page here): records with a code and a name. */
const bare = (module: string): EntityDef => ({
  key: module,
  title: module,
  module,
  list: {
    columns: [
      { prop: 'code', label: '编号' },
      { prop: 'name', label: '名称' },
    ],
  },
});

export function createSampleProvider(pages: AnyPageSchema[]): SampleProvider {
  const lists = new Map<string, EntityDef>(pages.flatMap((p) => recordListsOf(p)).map((e) => [e.module, e]));
  const dicts = createDictStore(sampleDictEntries(pages));
  // Ids are unique across modules, as the server's are: approval calls name a record by its id alone.
  const bases = new Map<string, number>([...lists.keys()].map((m, i) => [m, (i + 1) * 1000]));
  const baseOf = (module: string) => {
    if (!bases.has(module)) bases.set(module, (bases.size + 1) * 1000);
    return bases.get(module)!;
  };
  const scope: SampleScope = {
    dictionary: (key) => dictToOptions(offered(dicts.list(key))),
    // Pickers point at the first records of their module, so a picked value is always one the module lists.
    picked: (source, i) => {
      const target = lists.get(source.module) ?? bare(source.module);
      const n = (i % 5) + 1;
      const value = source.valueField === 'id' ? String(baseOf(source.module) + n) : sampleCode(target, n);
      return { value, label: value };
    },
  };
  const categories = new Map<string, CategoryNode[]>();
  const categoriesOf = (module: string) => {
    const tree = lists.get(module)?.tree;
    if (!categories.has(module))
      categories.set(module, tree && !tree.nodes && !tree.fieldKey && !tree.fromPicker ? sampleCategories(tree) : []);
    return categories.get(module)!;
  };
  const store = new Map<string, SampleRow[]>();
  const rowsOf = (module: string) => {
    let rows = store.get(module);
    if (!rows) {
      const e = lists.get(module) ?? bare(module);
      rows = Array.from({ length: SAMPLE_COUNT }, (_, i) => {
        const made = meeting(e, sampleRecord(e, i, scope, categoriesOf(module)), tabConditions(e, i), scope);
        return { ...settleRecord(e, made, scope), id: String(baseOf(module) + i + 1) };
      });
      store.set(module, rows);
    }
    return rows;
  };
  const entity = (module: string) => lists.get(module) ?? bare(module);
  // A picker's value is the picked record's code or id, as the picked module's records hold it.
  const optionsOf = (source: RecordSource) =>
    rowsOf(source.module).map((r) => pickerOption(source, r, codePropOf(entity(source.module))));
  const named = pickedLabels(optionsOf);
  /** A record as the server answers it: its pickers' labels and the actions it allows now. */
  const withActions = (module: string, stored: SampleRow): SampleRow => {
    const e = entity(module);
    const row = { ...stored };
    for (const f of recordFields(e)) named(row, f.fieldName, f.data);
    if (Array.isArray(row.lines)) {
      row.lines = (row.lines as Record<string, unknown>[]).map((l) => {
        const line = { ...l };
        for (const c of e.drawer?.lines?.columns ?? []) named(line, c.prop, c.data);
        return line;
      });
    }
    return { ...row, actions: rowActions(e, row) };
  };
  const find = (module: string, id: string | number) => {
    const row = rowsOf(module).find((r) => r.id === String(id));
    if (!row) throw Object.assign(new Error('记录不存在或已删除'), { status: 404 });
    return row;
  };
  const put = (module: string, row: SampleRow) => {
    const settled = { ...settleRecord(entity(module), row, scope), id: row.id } as SampleRow;
    store.set(
      module,
      rowsOf(module).map((r) => (r.id === row.id ? settled : r)),
    );
    return withActions(module, settled);
  };
  let next = 900_000;
  // A new record's code numbers on from the sample ones, per list.
  const codes = new Map<string, number>();
  const nextCode = (e: EntityDef) => {
    const n = (codes.get(e.module) ?? SAMPLE_COUNT) + 1;
    codes.set(e.module, n);
    return sampleCode(e, n);
  };
  const stored = (variables: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(variables).filter(([k]) => !NOT_STORED.has(k)));

  const query = (p: Omit<GetListParams, 'pagination'>) => {
    const e = entity(p.module);
    let list = rowsOf(p.module).filter((r) => (p.filters ?? []).every((f) => sampleMatches(r, f)));
    const tab = p.tab ? resolveTab(e, p.tab, SAMPLE_REFS) : null;
    if (tab) list = list.filter((r) => tab.filter.every((c) => sampleMatches(r, c)));
    const byPeriod =
      e.sectionHeader?.dateField && p.period && !isQueueTab(e, p.tab)
        ? periodFilter(e.sectionHeader.dateField, p.period)
        : null;
    if (byPeriod) list = list.filter((r) => byPeriod.every((c) => sampleMatches(r, c)));
    if (p.categoryId)
      list = list.filter((r) => r.categoryId === p.categoryId || String(r.categoryId).startsWith(p.categoryId!));
    const s = p.sorters?.[0];
    if (s)
      list = [...list].sort(
        (a, b) => String(a[s.field] ?? '').localeCompare(String(b[s.field] ?? '')) * (s.order === 'asc' ? 1 : -1),
      );
    return list;
  };
  // Answers arrive on a later turn, as a server's would: the screens' loading states and effects run as in the app.
  const later = <T>(f: () => T): Promise<T> =>
    new Promise((resolve, reject) =>
      setTimeout(() => {
        try {
          resolve(f());
        } catch (e) {
          reject(e);
        }
      }, 0),
    );

  const provider: SampleProvider = {
    rowsOf: (module) => rowsOf(module),
    getList: (p) =>
      later(() => {
        const list = query(p);
        const start = (p.pagination.current - 1) * p.pagination.pageSize;
        return {
          data: list.slice(start, start + p.pagination.pageSize).map((r) => withActions(p.module, r)),
          total: list.length,
        };
      }),
    getOne: (p) => later(() => withActions(p.module, find(p.module, p.id))),
    create: (p) =>
      later(() => {
        const e = entity(p.module);
        const id = String(++next);
        const row = {
          ...stored(p.variables),
          ...savedProgress(e, !!p.variables.submit),
          [codePropOf(e)]: nextCode(e),
          createdBy: 1,
          createdByName: '演示用户',
          createdAt: `${SAMPLE_TODAY}T01:30:00.000Z`,
          id,
        } as SampleRow;
        store.set(p.module, [row, ...rowsOf(p.module)]);
        return put(p.module, row);
      }),
    update: (p) =>
      later(() => {
        const row = find(p.module, p.id);
        const status = p.variables.submit ? savedProgress(entity(p.module), true) : {};
        return put(p.module, { ...row, ...stored(p.variables), ...status, id: row.id });
      }),
    deleteMany: (p) =>
      later(() => {
        store.set(
          p.module,
          rowsOf(p.module).filter((r) => !p.ids.map(String).includes(r.id)),
        );
      }),
    submit: (p) =>
      later(() => {
        put(p.module, { ...find(p.module, p.id), ...savedProgress(entity(p.module), true) });
      }),
    route: (p) =>
      later(() =>
        entity(p.module).drawer?.approval
          ? {
              process: { name: '示例审批', version: 1 },
              steps: [
                {
                  index: 0,
                  stepName: '部门审批',
                  approverType: 'user',
                  signMode: 'or',
                  needsChoice: false,
                  approvers: '演示用户',
                },
              ],
            }
          : { process: null, steps: [] },
      ),
    stageAction: (p) =>
      later(() =>
        put(p.module, { ...applyStage(entity(p.module), find(p.module, p.id), p.action, p.values), id: String(p.id) }),
      ),
    stageBatch: (p) =>
      later(() => {
        for (const id of p.ids)
          put(p.module, { ...applyStage(entity(p.module), find(p.module, id), p.action, p.values), id: String(id) });
        return { count: p.ids.length };
      }),
    generate: (p) => provider.create({ module: p.module, variables: { ...p.values } }),
    pickerOptions: (p) =>
      later(() => {
        const source = sourceOf(entity(p.module), p.field);
        if (!source) return [];
        const options = optionsOf(source).slice(0, 10);
        return p.keyword ? options.filter((o) => o.label.includes(p.keyword!)) : options;
      }),
    listCategories: (p) => later(() => categoriesOf(p.module)),
    addCategory: (p) =>
      later(() => {
        const node = { id: `c${++next}`, name: p.name };
        categories.set(p.module, [...categoriesOf(p.module), node]);
        return node;
      }),
    renameCategory: (p) =>
      later(() => {
        categories.set(p.module, renamedNode(categoriesOf(p.module), p.id, p.name));
      }),
    deleteCategory: (p) =>
      later(() => {
        categories.set(
          p.module,
          categoriesOf(p.module).filter((n) => n.id !== p.id),
        );
      }),
    moveCategoryUp: () => later(() => undefined),
    moveCategoryDown: () => later(() => undefined),
    queryByFieldKey: (k) => later(() => scope.dictionary(k)),
    queryByFieldKeys: (ks) => later(() => Object.fromEntries(ks.map((k) => [k, scope.dictionary(k)]))),
    listDictItems: (k) => later(() => dicts.list(k)),
    addDictItem: (p) => later(() => dicts.add(p.fieldKey, p.values)),
    updateDictItem: (p) => later(() => dicts.update(p.id, p.values)),
    deleteDictItem: (p) => later(() => dicts.remove(p.id)),
    moveDictItem: (p) => later(() => dicts.move(p.id, p.direction)),
    enableDictItem: (p) => later(() => dicts.update(p.id, { enabled: p.enabled })),
    // A record under review has a task for the viewer, so 同意 and 驳回 show in its drawer.
    findTaskIdByFormId: (id) =>
      later(() => {
        const hit = [...store]
          .map(([module, rows]) => ({ module, row: rows.find((r) => r.id === String(id)) }))
          .find((x) => x.row);
        const underReview = hit && hit.row!.status === RecordStatus.inReview;
        return underReview ? { taskId: `t-${id}`, procInstId: `p-${id}` } : null;
      }),
    findApprovalByFormId: () =>
      later(() => [
        {
          id: 's1',
          name: '发起申请',
          assigneeName: '演示用户',
          taskEndTime: `${SAMPLE_TODAY} 09:00:00`,
          operationName: 'submit' as const,
        },
        { id: 's2', name: '部门审批', assigneeName: '演示用户', taskEndTime: null, operationName: 'pending' as const },
      ]),
    agree: (d) => later(() => decide(d.taskId, 'agree')),
    refuse: (d) => later(() => decide(d.taskId, 'refuse')),
    withdraw: (p) => later(() => decide(`t-${p.formId}`, 'withdraw')),
    upload: (file, name) =>
      later(() => ({
        url: typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : SAMPLE_PICTURE,
        name: name ?? (file as File).name,
      })),
    recognizeIdCard: () =>
      later(() => ({
        idCardName: '张三',
        sex: '男',
        birthday: '1990-01-01',
        idCardNo: '110101199001011234',
        address: '北京市东城区示例路1号',
      })),
    exportList: (p) =>
      later(() => {
        const rows = query(p);
        const cell = (v: unknown) =>
          `"${(v === undefined || v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v)).replace(/"/g, '""')}"`;
        const text = [p.columns.join(','), ...rows.map((r) => p.columns.map((c) => cell(r[c])).join(','))].join('\n');
        return {
          blob: new Blob([`\uFEFF${text}`], { type: 'text/csv' }),
          fileName: `${p.module}.csv`,
          rows: rows.length,
        };
      }),
  };

  function decide(taskId: string, how: 'agree' | 'refuse' | 'withdraw') {
    const id = taskId.replace(/^t-/, '');
    for (const [module, rows] of store) {
      const row = rows.find((r) => r.id === id);
      if (row) put(module, { ...row, ...decided(entity(module), how) });
    }
  }
  return provider;
}

export type { Row };
