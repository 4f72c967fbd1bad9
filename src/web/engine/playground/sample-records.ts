// Sample records of one list (a page or a nested entity), made from its declarations: every field of its forms, every
// column of its list, its line items, a code, an approval status and a stage, as the server's answer would carry them.
import type { CategoryNode, ColumnDef, EntityDef, FieldDef, TreeConfig } from '../../../common/schema/types';
import { applyComputed, computeLines } from '../../../common/computed';
import { RecordStatus } from '../../../common/record-status';
import { LINES_KEY } from '../../../common/rules/constants';
import { cellValue, fieldValue, labelOf, SAMPLE_TODAY, sampleDay, type SampleScope } from './sample-values';
import { stageFieldOf } from '../../../common/schema/stage-field';

export type SampleRow = Record<string, unknown> & { id: string };

/** Records per list: more than a page, so the pager shows. */
export const SAMPLE_COUNT = 23;

const STATUSES = Object.values(RecordStatus);

/** The first declaration of each name. */
const unique = (fields: FieldDef[]) =>
  fields.filter((f, i) => fields.findIndex((x) => x.fieldName === f.fieldName) === i);

/** The fields a person fills in: the drawer's and the add dialog's. */
export const formFields = (e: EntityDef): FieldDef[] =>
  unique([...(e.drawer?.fields ?? []), ...(e.addDialog?.fields ?? [])]);

/** The fields a record may hold: its forms' and what its stage actions store (those a record gets when the action runs). */
export function recordFields(e: EntityDef): FieldDef[] {
  const staged = (e.stages?.actions ?? []).flatMap((a) =>
    (a.fields ?? []).filter((f) => !(a.inputOnly ?? []).includes(f.fieldName)),
  );
  return unique([...formFields(e), ...staged]);
}

export const codePropOf = (e: EntityDef) => e.drawer?.systemCode?.prop ?? 'code';
export const hasApproval = (e: EntityDef) => e.drawer?.approval === true;

/** The code of the n-th record (1-based) of a list: its prefix, the sample day, a number. */
export function sampleCode(e: Pick<EntityDef, 'codePrefix' | 'module'>, n: number): string {
  const prefix =
    e.codePrefix ??
    e.module
      .replace(/[^A-Za-z]/g, '')
      .slice(0, 2)
      .toUpperCase();
  return `${prefix}${SAMPLE_TODAY.replace(/-/g, '')}${String(n).padStart(4, '0')}`;
}

/** The categories of a list's tree (two levels), when the page does not list its nodes. */
export function sampleCategories(tree: TreeConfig): CategoryNode[] {
  const name = tree.title.replace(/分类$/, '');
  return [
    {
      id: 'c1',
      name: `${name}甲`,
      children: [
        { id: 'c11', name: `${name}甲一` },
        { id: 'c12', name: `${name}甲二` },
      ],
    },
    { id: 'c2', name: `${name}乙` },
    { id: 'c3', name: `${name}丙` },
  ];
}

/** The tree with one node renamed. */
export function renamedNode(nodes: CategoryNode[], id: string, name: string): CategoryNode[] {
  return nodes.map((n) =>
    n.id === id ? { ...n, name } : { ...n, children: n.children && renamedNode(n.children, id, name) },
  );
}

/**
 * The approval status and stage of the i-th record. A list with stages starts with one taken-effect record in each
 * stage (so every stage action shows on the first page); an approval list cycles through the five statuses; a list
 * without approval holds records that took effect when saved, as the server makes them.
 */
function progress(e: EntityDef, i: number): { status: string; stage?: string } {
  const values = e.stages?.values ?? [];
  if (values.length && i < values.length) return { status: RecordStatus.approved, stage: values[i].value };
  const status = hasApproval(e) ? STATUSES[i % STATUSES.length] : RecordStatus.approved;
  const stage = values.length && status === RecordStatus.approved ? values[i % values.length].value : undefined;
  return { status, stage };
}

/** A line item: every cell of the line table. */
function sampleLine(columns: ColumnDef[], i: number, scope: SampleScope): Record<string, unknown> {
  const line: Record<string, unknown> = {};
  for (const c of columns) {
    const v = cellValue(c, i, scope);
    if (v !== undefined) line[c.prop] = v;
    const label = labelOf(c.data, v, scope);
    if (label) line[`${c.prop}Name`] = label;
  }
  return line;
}

/** Labels of option values (<name>Name) and computed fields and cells, as a save leaves them. */
export function settleRecord(e: EntityDef, row: Record<string, unknown>, scope: SampleScope): Record<string, unknown> {
  const out = { ...row };
  for (const f of recordFields(e)) {
    const label = labelOf(f.data, out[f.fieldName], scope);
    if (label) out[`${f.fieldName}Name`] = label;
  }
  const columns = e.drawer?.lines?.columns ?? [];
  const lines = Array.isArray(out[LINES_KEY]) ? (out[LINES_KEY] as Record<string, unknown>[]) : [];
  // An expression naming something the page lacks (being edited) reads null or throws: the record stays as it is.
  try {
    const computedLines = computeLines(columns, lines, out, { today: SAMPLE_TODAY });
    if (e.drawer?.lines) out[LINES_KEY] = computedLines;
    return applyComputed(recordFields(e), out, computedLines, { today: SAMPLE_TODAY });
  } catch {
    return out;
  }
}

/** The i-th sample record of a list (0-based). */
export function sampleRecord(e: EntityDef, i: number, scope: SampleScope, categories: CategoryNode[] = []): SampleRow {
  const row: Record<string, unknown> = {};
  // Columns first, fields over them: a field knows its value's type better than a column showing it.
  for (const c of e.list.columns) {
    const v = cellValue(c, i, scope);
    if (v !== undefined) row[c.prop] = v;
    if (c.viewField && v !== undefined) row[c.viewField] = labelOf(c.data, v, scope) ?? String(v);
    if (c.infoProp)
      row[c.infoProp] = (c.tabelHeaders ?? []).length
        ? [0, 1].map((k) => Object.fromEntries((c.tabelHeaders ?? []).map((h) => [h.prop, `${h.label}${k + 1}`])))
        : { [c.label]: `${c.label}${i + 1}` };
  }
  for (const f of formFields(e)) {
    const v = fieldValue(f, i, scope);
    if (v !== undefined) row[f.fieldName] = v;
  }
  if (e.drawer?.lines) row[LINES_KEY] = [0, 1].map((k) => sampleLine(e.drawer!.lines!.columns, i * 2 + k, scope));
  const { status, stage } = progress(e, i);
  row.status = status;
  // A stage column's options gave every record a stage above; only a record in effect has one.
  if (stage !== undefined) row[stageFieldOf(e.stages)] = stage;
  else delete row[stageFieldOf(e.stages)];
  row[codePropOf(e)] = sampleCode(e, i + 1);
  const leaves = categories.flatMap((c) => [c, ...(c.children ?? [])]);
  if (leaves.length) row.categoryId = leaves[i % leaves.length].id;
  row.createdBy = 1;
  row.createdByName = '演示用户';
  row.createdAt = `${sampleDay(i)}T01:30:00.000Z`;
  row.updatedAt = row.createdAt;
  return { ...settleRecord(e, row, scope), id: String(i + 1) };
}
