// The start-up check of a page's charts (PageSchema.charts): every field a chart names must be a field of
// the page (its form, its list, a system property or, for `lines: true`, a cell of its line table); sums and
// averages only over number or money fields; months and days only of date fields. Stops the start with the
// file and the chart's key, like every other reference a schema makes.
import type { ChartDef, ColumnDef, FieldDef } from '../../../common/schema';
import type { ModuleSchema } from '../records/module-schema';
import { stageFieldOf } from '../../../common/schema/stage-field';

/** Record properties every record has (query.ts COLUMNS), and which of them are instants. */
const SYSTEM = new Set(['id', 'code', 'status', 'categoryId', 'createdBy', 'createdAt', 'updatedAt']);
export const SYSTEM_TIMES = new Set(['createdAt', 'updatedAt']);
const DATE_TYPES = new Set(['date', 'month', 'dateTime']);

export interface ChartField {
  /** Where the value lives: the record (data or a column) or the chart's line item. */
  in: 'record' | 'line';
  numeric: boolean;
  date: boolean;
  multi: boolean;
}

/** What a chart's field name refers to in module m, or null when the page has no such field. */
export function chartField(m: ModuleSchema, chart: Pick<ChartDef, 'lines'>, name: string): ChartField | null {
  if (chart.lines) {
    const c: ColumnDef | undefined = m.lineColumns.find((x) => x.prop === name);
    if (c)
      return {
        in: 'line',
        numeric: c.inputType === 'number' || !!c.priceType || c.type === 'money',
        date: c.inputType === 'date',
        multi: c.inputType === 'multiSelect',
      };
  }
  if (SYSTEM.has(name)) return { in: 'record', numeric: name === 'id', date: SYSTEM_TIMES.has(name), multi: false };
  const f: FieldDef | undefined = m.fields.find((x) => x.fieldName === name);
  const col = m.schema.list.columns.find((x) => x.prop === name);
  const stage = m.schema.stages && stageFieldOf(m.schema.stages) === name;
  if (!f && !col && !stage) return null;
  return {
    in: 'record',
    numeric: m.numeric.has(name),
    date: (!!f && DATE_TYPES.has(f.fontendType)) || col?.type === 'time',
    multi: m.multi.has(name),
  };
}

/** Problems of a module's charts, each a sentence naming the chart; empty when they are sound. */
export function chartProblems(m: ModuleSchema): string[] {
  const out: string[] = [];
  const keys = new Set<string>();
  for (const c of m.schema.charts ?? []) {
    const at = `charts.${c.key}`;
    if (keys.has(c.key)) out.push(`${at}: key is used twice`);
    keys.add(c.key);
    if (c.lines && !m.lineColumns.length) out.push(`${at}: lines: true but the page has no line table`);
    const g = chartField(m, c, c.groupBy.field);
    const by = c.groupBy.by ?? 'value';
    if (!g) out.push(`${at}: groupBy.field "${c.groupBy.field}" is not a field of the page`);
    else if (g.multi) out.push(`${at}: groupBy.field "${c.groupBy.field}" holds several values and cannot group`);
    else if (by !== 'value' && !g.date)
      out.push(`${at}: groupBy.by "${by}" needs a date field, "${c.groupBy.field}" is not one`);
    if (c.limit && by !== 'value') out.push(`${at}: limit applies only to groupBy.by "value"`);
    if (c.measure.field) {
      const f = chartField(m, c, c.measure.field);
      if (!f) out.push(`${at}: measure.field "${c.measure.field}" is not a field of the page`);
      else if (c.measure.op !== 'count' && !f.numeric)
        out.push(`${at}: measure.op "${c.measure.op}" needs a number or money field, "${c.measure.field}" is not one`);
    } else if (c.measure.op !== 'count') out.push(`${at}: measure.op "${c.measure.op}" needs measure.field`);
    for (const f of c.filter ?? [])
      if (!chartField(m, { lines: false }, f.field))
        out.push(`${at}: filter field "${f.field}" is not a field of the page`);
    if (c.dateField) {
      const d = chartField(m, { lines: false }, c.dateField);
      if (!d || !d.date) out.push(`${at}: dateField "${c.dateField}" is not a date field of the page`);
    }
  }
  return out;
}
