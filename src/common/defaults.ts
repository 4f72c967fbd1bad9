// Field defaults declared in a page schema (`default`): the current user, their department, today, this month, now,
// or a constant.
// The drawer fills them into a new form and the server fills what a new record still lacks, from the same
// declaration.
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

/** The current China time as YYYY-MM-DD HH:mm:ss (or its first `length` characters). */
export function nowInChina(length = 19, at = new Date()): string {
  return new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ').slice(0, length);
}

/**
 * An instant — a Date, epoch milliseconds, or an ISO text with its zone (2025-01-02T03:04:05.000Z) — as China wall
 * time (the first `length` characters of YYYY-MM-DD HH:mm:ss); null for anything else, such as a form's date text.
 */
export function instantInChina(v: unknown, length = 19): string | null {
  const zoned = typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}.*(Z|[+-]\d{2}:?\d{2})$/.test(v);
  const ms = v instanceof Date ? v.getTime() : typeof v === 'number' ? v : zoned ? Date.parse(v as string) : NaN;
  return Number.isFinite(ms) ? nowInChina(length, new Date(ms)) : null;
}

/** A copy of data with every missing field that has a default filled in. */
export function applyDefaults(fields: FieldDef[], data: Record<string, unknown>, ctx: DefaultsContext): Record<string, unknown> {
  const out = { ...data };
  for (const f of fields) {
    if (!missing(out[f.fieldName])) continue;
    const v = defaultOf(f, ctx);
    if (!missing(v)) out[f.fieldName] = v;
  }
  return out;
}

/** Today in China time (the product's teams are Chinese companies), whatever the server's zone. */
export function todayInChina(now = new Date()): string {
  return new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
}
