// Conditions a page schema declares: when a field is shown (`dependOn`), and the values it may refer to
// instead of spelling them (today, the current user, another field). Shared by the drawer and the server,
// so a field hidden in the form is neither required nor stored on the server either.
import type { FieldCondition, FieldDef, ValueRef } from '../schema/types';

const empty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
const same = (a: unknown, b: unknown) => a === b || (a !== undefined && a !== null && b !== undefined && b !== null && String(a) === String(b));

/** True when the condition holds for the record's values: equal to value, one of values, or (neither) not empty. */
export function conditionHolds(c: FieldCondition | undefined, data: Record<string, unknown>): boolean {
  if (!c) return true;
  const v = data[c.field];
  if (Array.isArray(c.values)) return c.values.some((x) => same(v, x));
  if (c.value !== undefined) return same(v, c.value);
  return !empty(v);
}

/** The fields shown for these values (a field whose dependOn does not hold is out of the form). */
export function visibleFields(fields: FieldDef[], data: Record<string, unknown>): FieldDef[] {
  return fields.filter((f) => conditionHolds(f.dependOn, data));
}

export interface RefContext {
  today: string;
  userId?: number | string;
  /** The form's values, for { $field }. */
  data?: Record<string, unknown>;
}

export const isValueRef = (v: unknown): v is ValueRef =>
  !!v && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 1 && ['$today', '$user', '$field'].includes(Object.keys(v)[0]);

/** A literal stays as it is; a ValueRef becomes today, the user or the field's value (arrays resolve item by item). */
export function resolveRef(v: unknown, ctx: RefContext): unknown {
  if (Array.isArray(v)) return v.map((x) => resolveRef(x, ctx));
  if (!isValueRef(v)) return v;
  if ('$today' in v) return ctx.today;
  if ('$user' in v) return ctx.userId;
  return ctx.data?.[v.$field];
}
