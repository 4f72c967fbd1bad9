import { describe, expect, it } from 'vitest';
import { describeModule } from '../records/schema-registry';
import { validatePageSchema, type ChartDef, type PageSchema } from '../../../common/schema';
import { chartProblems } from './check';

const page = (charts: ChartDef[]): PageSchema =>
  ({
    key: 'claims',
    title: '报销',
    module: 'claims',
    stages: { initial: '待支付', values: [{ value: '待支付' }, { value: '已支付' }], actions: [] },
    sectionHeader: { title: '报销单', dateField: 'applyDate' },
    list: {
      columns: [
        { prop: 'code', label: '单号' },
        { prop: 'totalPrice', label: '总额', type: 'money' },
      ],
    },
    drawer: {
      title: '报销',
      fields: [
        { fieldName: 'deptId', titleName: '部门', fontendType: 'treeSelect', data: { fieldKey: 'dept' } },
        { fieldName: 'applyDate', titleName: '日期', fontendType: 'date' },
        { fieldName: 'reason', titleName: '事由', fontendType: 'text' },
        { fieldName: 'userIds', titleName: '人员', fontendType: 'multiSelect', data: { fieldKey: 'teamMembers' } },
      ],
      lines: {
        title: '明细',
        columns: [
          { prop: 'expenseType', label: '类型', inputType: 'select', data: { fieldKey: 'expenseType' } },
          { prop: 'price', label: '金额', inputType: 'number', priceType: true },
        ],
      },
    },
    charts,
  }) as PageSchema;
const problems = (...charts: ChartDef[]) => chartProblems(describeModule('claims.json', page(charts)));
const chart = (over: Partial<ChartDef>): ChartDef => ({
  key: 'c',
  title: '图',
  type: 'bar',
  groupBy: { field: 'deptId' },
  measure: { op: 'sum', field: 'totalPrice', unit: '元' },
  ...over,
});

describe('charts in the page language', () => {
  it('the meta-schema takes a charts array and refuses what is not a chart', () => {
    expect(validatePageSchema(page([chart({})]), 'p.json').errors).toEqual([]);
    const bad = validatePageSchema(page([chart({ type: 'radar' as 'bar', limit: 0 })]), 'p.json');
    expect(bad.errors.map((e) => e.path)).toEqual(expect.arrayContaining(['/charts/0/type', '/charts/0/limit']));
    // A sum needs its field.
    expect(validatePageSchema(page([chart({ measure: { op: 'sum' } })]), 'p.json').ok).toBe(false);
    expect(validatePageSchema(page([chart({ measure: { op: 'count' } })]), 'p.json').ok).toBe(true);
  });

  it('sound charts: record fields, system properties, the stage, months of a date, line cells with lines: true', () => {
    expect(
      problems(
        chart({}),
        chart({ key: 'b', groupBy: { field: 'applyDate', by: 'month' } }),
        chart({ key: 'c2', groupBy: { field: 'createdAt', by: 'day' }, measure: { op: 'count' } }),
        chart({ key: 'd', type: 'pie', groupBy: { field: 'stage' }, measure: { op: 'count' }, limit: 5 }),
        chart({ key: 'e', lines: true, groupBy: { field: 'expenseType' }, measure: { op: 'avg', field: 'price' } }),
        chart({ key: 'f', filter: [{ field: 'status', operator: 'eq', value: '已通过' }], dateField: 'applyDate' }),
      ),
    ).toEqual([]);
  });

  it('refuses unknown fields, sums over text, months of a non-date, multi-valued groups, misplaced limits, twice the same key', () => {
    expect(problems(chart({ groupBy: { field: 'nope' } }))).toEqual([
      'charts.c: groupBy.field "nope" is not a field of the page',
    ]);
    expect(problems(chart({ measure: { op: 'sum', field: 'reason' } }))).toEqual([
      'charts.c: measure.op "sum" needs a number or money field, "reason" is not one',
    ]);
    expect(problems(chart({ measure: { op: 'avg', field: 'missing' } }))).toEqual([
      'charts.c: measure.field "missing" is not a field of the page',
    ]);
    expect(problems(chart({ groupBy: { field: 'reason', by: 'month' } }))).toEqual([
      'charts.c: groupBy.by "month" needs a date field, "reason" is not one',
    ]);
    expect(problems(chart({ groupBy: { field: 'userIds' } }))).toEqual([
      'charts.c: groupBy.field "userIds" holds several values and cannot group',
    ]);
    expect(problems(chart({ groupBy: { field: 'applyDate', by: 'month' }, limit: 3 }))).toEqual([
      'charts.c: limit applies only to groupBy.by "value"',
    ]);
    // Line cells are fields only of a chart over the lines.
    expect(problems(chart({ groupBy: { field: 'expenseType' } }))).toEqual([
      'charts.c: groupBy.field "expenseType" is not a field of the page',
    ]);
    expect(problems(chart({ filter: [{ field: 'ghost', operator: 'eq', value: 1 }] }))).toEqual([
      'charts.c: filter field "ghost" is not a field of the page',
    ]);
    expect(problems(chart({ dateField: 'reason' }))).toEqual([
      'charts.c: dateField "reason" is not a date field of the page',
    ]);
    expect(problems(chart({}), chart({}))).toEqual(['charts.c: key is used twice']);
  });

  it('stops the server start with the file and the chart', async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const { SchemaRegistry } = await import('../records/schema-registry');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'charts-schemas-'));
    fs.writeFileSync(
      path.join(dir, 'claims.json'),
      JSON.stringify(page([chart({ measure: { op: 'sum', field: 'reason' } })])),
    );
    expect(() => new SchemaRegistry(dir, [chartProblems])).toThrow(
      /claims\.json: charts\.c: measure\.op "sum" needs a number or money field/,
    );
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
