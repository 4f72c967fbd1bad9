// Views (`viewOf`): another module's records shown read-only under a page's permissions. A view's own
// fields may be computed (`compute`), evaluated over each record as it is read, as of today, and never
// stored: 逾期天数 on a progress board is today's, not the day of the record's last save. Such
// expressions see the record and its lines (no picked records).
import { applyComputed } from '../../../common/computed';
import type { FieldDef, PageSchema } from '../../../common/schema';

type Row = Record<string, unknown>;
/** What of a registered module a view needs (the registry's ModuleSchema has it; the registry calls checkView). */
interface ViewModule {
  file: string;
  schema: PageSchema;
  fields: FieldDef[];
}

export function readAsView<T extends Row>(m: ViewModule, row: T, today: string): T {
  if (!m.schema.viewOf || !m.fields.some((f) => f.compute?.expr)) return row;
  const lines = Array.isArray(row.lines) ? (row.lines as Row[]) : [];
  return applyComputed(m.fields, row, lines, { today }) as T;
}

/** Start-up check: a view's stage actions note things on the viewed records but never move their stage. */
export function checkView(m: ViewModule) {
  const s = m.schema;
  if (!s.viewOf) return;
  const where = `${m.file}: view of "${s.viewOf}"`;
  if (s.effects?.length) throw new Error(`${where} cannot declare effects`);
  if (s.stages?.auto || s.stages?.clock) throw new Error(`${where}: its stages cannot have auto or clock rules`);
  for (const a of s.stages?.actions ?? []) {
    if (a.to !== undefined)
      throw new Error(
        `${where}: stage action "${a.key}" cannot move the stage (no "to"); the viewed module's own actions do`,
      );
    if (a.batch) throw new Error(`${where}: stage action "${a.key}" cannot be a batch action`);
  }
}
