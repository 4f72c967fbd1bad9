// Field defaults declared in a page schema (`default`): the current user, their department, today, this month, now,
// or a constant.
// The drawer fills them into a new form and the server fills what a new record still lacks, from the same
// declaration.
import { nowInChina } from './china-time';
import type { FieldDef } from './schema/types';

export interface DefaultsContext {
  /** The viewer's (or caller's) user id. */
  userId?: number | string;
  /** Today as YYYY-MM-DD, in the team's time zone. */
  today: string;
  /** The viewer's department in the team (a dept dictionary id), when known. */
  deptId?: number | string;
}

const missing = (v: unknown) => v === undefined || v === null || v === '';

/** The default of one field, or undefined when it has none (or none can be given, e.g. no user known). */
export function defaultOf(f: FieldDef, ctx: DefaultsContext): unknown {
  const d = f.default;
  if (d === undefined) return undefined;
  if (typeof d === 'object' && d !== null) return structuredClone(d.value);
  if (d === 'currentUser') return ctx.userId;
  if (d === 'currentDept') return ctx.deptId;
  if (d === 'today') return ctx.today;
  if (d === 'thisMonth') return ctx.today.slice(0, 7);
  if (d === 'now') return nowInChina(f.valueFormat === 'YYYY-MM-DD HH:mm' ? 16 : 19);
  return undefined;
}

/** A copy of data with every missing field that has a default filled in. */
export function applyDefaults(
  fields: FieldDef[],
  data: Record<string, unknown>,
  ctx: DefaultsContext,
): Record<string, unknown> {
  const out = { ...data };
  for (const f of fields) {
    if (!missing(out[f.fieldName])) continue;
    const v = defaultOf(f, ctx);
    if (!missing(v)) out[f.fieldName] = v;
  }
  return out;
}
