// A list action that opens another page's new-record drawer prefilled from rows of this list (button action
// `open`, e.g. 库存 → 申请采购 with the materials below safety stock). The values travel in sessionStorage under
// the target page's key, are taken once by that page when it shows, and nothing is saved until the user submits.
import { evalExpr } from '../../../common/computed';
import type { OpenPageDef } from '../../../common/schema/types';

type Row = Record<string, unknown>;

const KEY = (page: string) => `yiguan.open.${page}`;

const blank = (v: unknown) =>
  v === undefined || v === null || v === '' || (typeof v === 'number' && !Number.isFinite(v));

/** The rows that become lines: those `rowsWhen` holds for. */
export function openRows(def: OpenPageDef, rows: Row[]): Row[] {
  return def.rowsWhen ? rows.filter((r) => !!evalExpr(def.rowsWhen!, r)) : rows;
}

/** The new record's values: `set` over the first row, one line per row (blank cells left out). */
export function openValues(def: OpenPageDef, rows: Row[]): Row {
  const values: Row = {};
  for (const [k, x] of Object.entries(def.set ?? {})) {
    const v = rows[0] ? evalExpr(x, rows[0]) : null;
    if (!blank(v)) values[k] = v;
  }
  values.lines = rows.map((r) =>
    Object.fromEntries(
      Object.entries(def.lines)
        .map(([k, x]) => [k, evalExpr(x, r)])
        .filter(([, v]) => !blank(v)),
    ),
  );
  return values;
}

export function stashOpen(page: string, values: Row) {
  try {
    sessionStorage.setItem(KEY(page), JSON.stringify(values));
  } catch {
    /* storage unavailable: the drawer opens empty */
  }
}

/** What another page left for this one (taken once), or null. */
export function takeOpen(page: string): Row | null {
  try {
    const raw = sessionStorage.getItem(KEY(page));
    if (!raw) return null;
    sessionStorage.removeItem(KEY(page));
    const v = JSON.parse(raw) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Row) : null;
  } catch {
    return null;
  }
}
