// Conditions a page schema declares: when a field is shown (`dependOn`), and the values it may refer to
// instead of spelling them (today, the current user, another field). Shared by the drawer and the server,
// so a field hidden in the form is neither required nor stored on the server either.
import type { FieldCondition, FieldDef, ValueRef } from '../schema/types';

const empty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
const same = (a: unknown, b: unknown) =>
  a === b || (a !== undefined && a !== null && b !== undefined && b !== null && String(a) === String(b));

/**
 * True when the condition holds for the record's values: equal to value, one of values, or (neither) not empty.
 * A select's value is compared as stored and by its option's name (<field>Name, which forms and the server
 * keep beside it), so a schema may say { "field": "applyType", "value": "请假" } of a dictionary select whose
 * stored values are the team's item ids. A multi-select holds when any of its values (or names) matches.
 */
export function conditionHolds(c: FieldCondition | undefined, data: Record<string, unknown>): boolean {
  if (!c) return true;
  const v = data[c.field];
  if (c.value === undefined && !Array.isArray(c.values)) return !empty(v);
  if (empty(v)) return false;
  const wanted = Array.isArray(c.values) ? c.values : [c.value];
  const name = data[`${c.field}Name`];
  const have = [...(Array.isArray(v) ? v : [v]), ...(typeof name === 'string' && name ? name.split('、') : [])];
  return wanted.some((x) => have.some((h) => same(h, x)));
}

/** The fields shown for these values (a field whose dependOn does not hold is out of the form). */
export function visibleFields(fields: FieldDef[], data: Record<string, unknown>): FieldDef[] {
  return fields.filter((f) => conditionHolds(f.dependOn, data));
}

export interface RefContext {
  today: string;
  userId?: number | string;
  /** The caller's department (memberships.dept_id), for { $dept }. */
  deptId?: number | string | null;
  /** The caller's department and the departments above it (nearest first): `has { $dept }` matches any of them. */
  deptPath?: (number | string)[];
  /** Whether the caller administers the team (its owner or an admin). */
  isAdmin?: boolean;
  /** The form's values, for { $field }. */
  data?: Record<string, unknown>;
}

export const isValueRef = (v: unknown): v is ValueRef =>
  !!v &&
  typeof v === 'object' &&
  !Array.isArray(v) &&
  Object.keys(v).length === 1 &&
  ['$today', '$user', '$dept', '$field'].includes(Object.keys(v)[0]);

/** A literal stays as it is; a ValueRef becomes today, the user or the field's value (arrays resolve item by item). */
export function resolveRef(v: unknown, ctx: RefContext): unknown {
  if (Array.isArray(v)) return v.map((x) => resolveRef(x, ctx));
  if (!isValueRef(v)) return v;
  if ('$today' in v) return ctx.today;
  if ('$user' in v) return ctx.userId;
  if ('$dept' in v) return ctx.deptId ?? undefined;
  return ctx.data?.[v.$field];
}
