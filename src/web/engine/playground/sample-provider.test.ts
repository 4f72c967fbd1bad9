// The sample provider answers any page from its declarations alone and keeps what is done to its records.
import { describe, expect, it } from 'vitest';
import { validatePageSchema } from '../../../common/schema/loader';
import { RecordStatus } from '../../../common/record-status';
import type { AnyPageSchema, PageSchema } from '../../../common/schema/types';
import { createSampleProvider } from './sample-provider';
import { listTabs } from '../../../common/list-views';
import { recordListsOf } from '../../../common/schema/record-lists';
import { recordFields } from './sample-records';

const files = import.meta.glob<{ default: unknown }>(['../../../../schemas/**/*.json', '!**/page.schema.json'], {
  eager: true,
});
const PAGES = Object.entries(files).map(([path, m]) => {
  const res = validatePageSchema(structuredClone(m.default), path);
  if (!res.ok) throw new Error(`${path} is invalid`);
  return res.schema;
});
const page = (module: string) => PAGES.find((p) => (p as PageSchema).module === module) as PageSchema;
const all = { current: 1, pageSize: 100 };

describe('sample provider', () => {
  it('answers every record list of every page with records made from its fields', async () => {
    const provider = createSampleProvider(PAGES as AnyPageSchema[]);
    for (const p of PAGES.filter((x): x is PageSchema => 'list' in x)) {
      const got = await provider.getList({ module: p.module, pagination: all });
      expect(got.total, p.module).toBeGreaterThan(10);
      expect(got.data[0].actions, p.module).toContain('view');
    }
  });

  it('spreads the records over the section header tabs: no tab of any list opens empty', async () => {
    const provider = createSampleProvider(PAGES as AnyPageSchema[]);
    const empty: string[] = [];
    for (const e of PAGES.flatMap((p) => recordListsOf(p))) {
      // A tab on a computed figure (逾期 on a balance, 低于安全库存) shows what the sample figures give.
      const computed = new Set(
        recordFields(e)
          .filter((f) => f.compute || f.aggregate)
          .map((f) => f.fieldName),
      );
      for (const t of listTabs(e).filter((x) => !(x.filter ?? []).some((c) => computed.has(c.field)))) {
        const got = await provider.getList({ module: e.module, pagination: all, tab: t.value });
        if (!got.total) empty.push(`${e.module} ${t.label}`);
      }
    }
    expect(empty).toEqual([]);
  });

  it("makes a tab's conditions true of some records where the fields' own values would not meet them", async () => {
    const page = {
      key: 'demo',
      title: '示例',
      module: 'demo',
      sectionHeader: {
        title: '示例',
        tabs: [
          { label: '手工', value: 'manual', filter: [{ field: 'source', operator: 'eq', value: '手工录入' }] },
          { label: '大额', value: 'big', filter: [{ field: 'amount', operator: 'gt', value: 100000 }] },
          {
            label: '逾期',
            value: 'late',
            filter: [
              { field: 'dueDate', operator: 'lt', value: { $today: true } },
              { field: 'dueDate', operator: 'gte', value: '2024-03-04' },
            ],
          },
          { label: '我参与的', value: 'mine', filter: [{ field: 'people', operator: 'has', value: { $user: true } }] },
        ],
      },
      list: { columns: [{ prop: 'source', label: '来源' }] },
      drawer: {
        title: '示例',
        fields: [
          { fieldName: 'source', titleName: '来源', fontendType: 'text' },
          { fieldName: 'amount', titleName: '金额', fontendType: 'number', max: 1000 },
          { fieldName: 'dueDate', titleName: '到期日', fontendType: 'date' },
          { fieldName: 'people', titleName: '成员', fontendType: 'multiSelect', data: [{ label: '二号', value: 2 }] },
        ],
      },
    } as unknown as PageSchema;
    const provider = createSampleProvider([page]);
    for (const tab of ['manual', 'big', 'late', 'mine']) {
      expect((await provider.getList({ module: 'demo', pagination: all, tab })).total, tab).toBeGreaterThan(0);
    }
  });

  it('a page given after another of the same module stands for it (the edited copy over the file)', async () => {
    const file = page('procureTemplate');
    const edited = structuredClone(file);
    edited.drawer!.fields.push({ fieldName: 'playgroundNote', titleName: '试用备注', fontendType: 'text' });
    const provider = createSampleProvider([...(PAGES as AnyPageSchema[]), edited]);
    const { data } = await provider.getList({ module: 'procureTemplate', pagination: all });
    expect(data[0].playgroundNote).toBe('试用备注1');
  });

  it('fills each field by its type: codes with the prefix, dates, options from the dictionary, pickers naming records of their module, line items', async () => {
    const provider = createSampleProvider(PAGES as AnyPageSchema[]);
    const { data } = await provider.getList({ module: 'procureProcess', pagination: all });
    const row = data[0];
    expect(row.code).toMatch(/^CG20240305\d{4}$/);
    expect(row.expectedDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(typeof row.contractFiles).toBe('object');
    // A dictionary select holds an item id and reads as its name.
    expect(row.procureType).toEqual(expect.any(Number));
    expect(row.procureTypeName).toBeTruthy();
    // A picker by id names a record the picked module lists.
    const warehouses = await provider.getList({ module: 'storeSetting', pagination: all });
    expect(warehouses.data.map((r) => r.id)).toContain(row.warehouseId);
    // …and reads as that record's label ({warehouseName}), as the server stores it beside the value.
    const warehouse = warehouses.data.find((r) => r.id === row.warehouseId)!;
    expect(row.warehouseIdName).toBe(warehouse.warehouseName);
    const options = await provider.pickerOptions({ module: 'procureProcess', field: 'warehouseId' });
    expect(options.length).toBeGreaterThan(0);
    expect(options[0].label).not.toBe('');
    // Line items from the line columns; computed cells computed.
    const lines = row.lines as Record<string, unknown>[];
    expect(lines).toHaveLength(2);
    expect(lines[0].quantity).toEqual(expect.any(Number));
    // An approval page's records go through the five statuses; its stages start with one record in each.
    expect(new Set(data.map((r) => r.status))).toEqual(new Set(Object.values(RecordStatus)));
    const stages = page('procureProcess').stages!.values.map((v) => v.value);
    expect(data.slice(0, stages.length).map((r) => r.procureStage)).toEqual(stages);
    // Only a record in effect has a stage.
    expect(data.filter((r) => r.status !== RecordStatus.approved).every((r) => r.procureStage === undefined)).toBe(
      true,
    );
  });

  it('keeps what is created and edited: a new record lists first with its code and status, an edit stays', async () => {
    const provider = createSampleProvider(PAGES as AnyPageSchema[]);
    const made = await provider.create({
      module: 'procureProcess',
      variables: { reason: '新建的采购', requestKey: 'k' },
    });
    expect(made.status).toBe(RecordStatus.draft);
    expect(made.requestKey).toBeUndefined();
    const first = (await provider.getList({ module: 'procureProcess', pagination: all })).data[0];
    expect(first).toMatchObject({ id: made.id, reason: '新建的采购' });
    expect(first.actions).toEqual(expect.arrayContaining(['edit', 'delete', 'submit']));
    await provider.update({ module: 'procureProcess', id: made.id, variables: { reason: '改过的采购' } });
    expect((await provider.getOne({ module: 'procureProcess', id: made.id })).reason).toBe('改过的采购');
    await provider.submit({ module: 'procureProcess', id: made.id });
    expect((await provider.getOne({ module: 'procureProcess', id: made.id })).status).toBe(RecordStatus.inReview);
    await provider.agree({ taskId: (await provider.findTaskIdByFormId(made.id))!.taskId });
    expect(await provider.getOne({ module: 'procureProcess', id: made.id })).toMatchObject({
      status: RecordStatus.approved,
      procureStage: '待下单',
    });
  });

  it('a stage action moves a record on and is refused where the record does not offer it', async () => {
    const provider = createSampleProvider(PAGES as AnyPageSchema[]);
    const { data } = await provider.getList({ module: 'procureProcess', pagination: all });
    const waiting = data.find((r) => r.procureStage === '待下单')!;
    expect(waiting.actions).toContain('order');
    const moved = await provider.stageAction({
      module: 'procureProcess',
      id: waiting.id,
      action: 'order',
      values: { orderDate: '2024-03-06' },
    });
    expect(moved).toMatchObject({ procureStage: '已下单', orderDate: '2024-03-06' });
    expect(moved.actions).not.toContain('order');
    await expect(provider.stageAction({ module: 'procureProcess', id: waiting.id, action: 'order' })).rejects.toThrow(
      /不能执行/,
    );
  });
});
