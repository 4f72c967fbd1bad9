// Schema conditions that compare two fields of the filtered record ({ "$source": field }) and the year of a
// date (operator `year`), as the SQL an aggregate's filter runs (an annual evaluation's on-time orders).
import { describe, expect, it } from 'vitest';
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from 'kysely';
import { filterConds } from '../../src/server/modules/records/conditions-sql';
import { filterSql } from '../../src/server/modules/records/query';
import type { ModuleSchema } from '../../src/server/modules/records/schema-registry';

const db = new Kysely<any>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});
const m = {
  schema: { module: 'outsourcing', list: { columns: [] } },
  fields: [],
  lineColumns: [],
  numeric: new Set(['quantity', 'year']),
  multi: new Set<string>(),
  filterable: new Set<string>(),
} as unknown as ModuleSchema;
const text = (conds: ReturnType<typeof filterConds>) => {
  const c = sql`${sql.join(conds, sql` AND `)}`.compile(db);
  return { sql: c.sql, params: c.parameters };
};

describe('schema conditions over two fields and a year', () => {
  it('$source compares the field with another field of the same record', () => {
    const out = text(
      filterConds(m, [{ field: 'returnDate', operator: 'lte', value: { $source: 'planReturnDate' } }], {
        today: '2026-05-01',
      }),
    );
    expect(out.sql).toBe(`(r.data->>'returnDate') <= (r.data->>'planReturnDate')`);
    expect(out.params).toEqual([]);
    expect(
      text(filterConds(m, [{ field: 'quantity', operator: 'gt', value: { $source: 'year' } }], { today: '2026-05-01' }))
        .sql,
    ).toBe(`yg_num(r.data->>'quantity') > yg_num(r.data->>'year')`);
  });

  it('year takes the first four characters of a date against the value, which may be a field of the form', () => {
    const out = text(
      filterConds(m, [{ field: 'planReturnDate', operator: 'year', value: { $field: 'year' } }], {
        today: '2026-05-01',
        data: { year: 2025 },
      }),
    );
    expect(out.sql).toBe(`left(((r.data->>'planReturnDate'))::text, 4) = $1`);
    expect(out.params).toEqual(['2025']);
    // No year on the form yet: nothing matches rather than everything.
    expect(
      text(
        filterConds(m, [{ field: 'planReturnDate', operator: 'year', value: { $field: 'year' } }], {
          today: '2026-05-01',
          data: {},
        }),
      ).sql,
    ).toBe('false');
  });

  it('refuses a year that is not four digits, a $source with an operator that does not compare, and $source from a client', () => {
    expect(() =>
      filterConds(m, [{ field: 'planReturnDate', operator: 'year', value: '25' }], { today: '2026-05-01' }),
    ).toThrow('筛选值格式不正确');
    expect(() =>
      filterConds(m, [{ field: 'returnDate', operator: 'in', value: { $source: 'planReturnDate' } }], {
        today: '2026-05-01',
      }),
    ).toThrow('筛选值格式不正确');
    expect(() =>
      filterConds(m, [{ field: 'returnDate', operator: 'lte', value: { $source: 'plan-date' } }], {
        today: '2026-05-01',
      }),
    ).toThrow('不支持的字段');
    expect(() =>
      filterSql({ ...m, filterable: new Set(['returnDate']) } as ModuleSchema, {
        field: 'returnDate',
        operator: 'lte',
        value: { $source: 'planReturnDate' },
      }),
    ).toThrow('筛选值格式不正确');
  });

  it('a refused filter value names the field by its title on the page (a line cell by its column), not by its key', () => {
    const page = {
      ...m,
      schema: {
        module: 'outsourcing',
        list: {
          columns: [{ prop: 'planReturnDate', label: '计划回厂' }],
          search: [{ fieldName: 'returnDate', titleName: '回厂日期', fontendType: 'dateRange' }],
        },
      },
      fields: [{ fieldName: 'quantity', titleName: '外发数量', fontendType: 'number' }],
      lineColumns: [{ prop: 'spec', label: '规格' }],
      filterable: new Set(['returnDate', 'planReturnDate']),
    } as unknown as ModuleSchema;
    expect(() => filterSql(page, { field: 'quantity', operator: 'eq', value: 'many' })).toThrow(
      '筛选值格式不正确：外发数量',
    );
    expect(() => filterSql(page, { field: 'returnDate', operator: 'between', value: ['2026-01-01'] })).toThrow(
      '筛选值格式不正确：回厂日期',
    );
    expect(() => filterSql(page, { field: 'planReturnDate', operator: 'eq', value: {} })).toThrow(
      '筛选值格式不正确：计划回厂',
    );
    expect(() => filterSql(page, { field: 'lines.spec', operator: 'gt', value: 'x' })).toThrow(
      '明细字段只支持 eq、in、contains 筛选：规格',
    );
    // A property the page does not declare keeps its key: there is no title to give.
    expect(() =>
      filterSql({ ...page, filterable: new Set(['other']) } as ModuleSchema, {
        field: 'other',
        operator: 'eq',
        value: [],
      }),
    ).toThrow('筛选值格式不正确：other');
  });
});
