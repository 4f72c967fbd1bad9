// Computed values and record rules declared in a page schema, evaluated by the one expression language
// (src/common/expr): line cells first (`quantity * unitPrice`), then fields in declaration order (`sum(lines,
// "totalPrice")`, `contractPrice - returnPrice`), then checks. The server stores what this computes and
// ignores what a client sent; the drawer shows the same live.
import Big from 'big.js';
import { compileExpr, evalExpr } from './expr';
import type { CheckRule, ColumnDef, FieldDef } from './schema/types';

export interface ComputeContext {
  /** Picked records of the form's record pickers, by field name (picked.<field>.<prop>). */
  picked?: Record<string, Record<string, unknown> | null>;
  /** Today in the team's time zone (YYYY-MM-DD); today() reads it. */
  today?: string;
  /** A stage action's values (input.<field>). */
  input?: Record<string, unknown>;
  /** The record as stored before a user's save (prev.<field>; empty on create): stage rules compare with it. */
  prev?: Record<string, unknown>;
}

type Row = Record<string, unknown>;

/** Money and quantities keep two decimals, rounded half up in decimal (never through binary floats). */
function settle(v: unknown): unknown {
  if (typeof v !== 'number' || !Number.isFinite(v)) return v;
  return Number(new Big(v).round(2, Big.roundHalfUp).toString());
}

export function scopeOf(data: Row, lines: Row[], ctx: ComputeContext = {}): Row {
  return { ...data, lines, picked: ctx.picked ?? {}, input: ctx.input ?? {}, prev: ctx.prev ?? {}, $today: ctx.today };
}

/**
 * Lines with their computed cells filled in (scope: the line's cells, the record as `record`, and the line's
 * 1-based position as `$index`, e.g. a package number `orderCode + "-" + pad($index, 2)`).
 */
export function computeLines(columns: ColumnDef[], lines: Row[], data: Row = {}, ctx: ComputeContext = {}): Row[] {
  const computed = columns.filter((c) => c.compute?.expr);
  if (!computed.length) return lines;
  return lines.map((line, i) => {
    const out = { ...line };
    for (const c of computed)
      out[c.prop] = settle(
        evalExpr(c.compute!.expr, { ...out, record: data, picked: ctx.picked ?? {}, $today: ctx.today, $index: i + 1 }),
      );
    return out;
  });
}

/** A copy of `data` with every computed field filled in, in declaration order (later ones see earlier ones). */
export function applyComputed(fields: FieldDef[], data: Row, lines: Row[], ctx: ComputeContext = {}): Row {
  const out = { ...data };
  for (const f of fields) {
    if (!f.compute?.expr) continue;
    const v = settle(evalExpr(f.compute.expr, scopeOf(out, lines, ctx)));
    if (v === null || v === undefined) delete out[f.fieldName];
    else out[f.fieldName] = v;
  }
  return out;
}

/** The message of the first check that does not hold (falsy or null), or null. `submit` also runs submit-only checks. */
export function failedCheck(
  checks: CheckRule[] | undefined,
  data: Row,
  lines: Row[],
  ctx: ComputeContext = {},
  submit = false,
): string | null {
  for (const c of checks ?? []) {
    if (c.on === 'submit' && !submit) continue;
    // `none` checks ask the database (the server runs them); expressions run here, the same on both sides.
    if (c.expr && !evalExpr(c.expr, scopeOf(data, lines, ctx))) return c.message;
  }
  return null;
}

/**
 * The checks a form can run before it sends: those that read no aggregate field (待结算订单数 counts other records
 * and is known only once the server has counted them at save; a form would judge by a missing or stale count).
 * The server runs them all.
 */
export function formChecks(checks: CheckRule[] | undefined, fields: FieldDef[]): CheckRule[] {
  const counted = new Set(fields.filter((f) => f.aggregate).map((f) => f.fieldName));
  if (!counted.size) return checks ?? [];
  return (checks ?? []).filter((c) => !c.expr || !compileExpr(c.expr).identifiers.some((n) => counted.has(n)));
}

/** Evaluates a rule's expression over a record (row highlighting, effects' conditions). */
export function holds(expr: string, data: Row, lines: Row[] = [], ctx: ComputeContext = {}): boolean {
  return !!evalExpr(expr, scopeOf(data, lines, ctx));
}

export { evalExpr };
