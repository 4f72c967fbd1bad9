// An external store for line items: a keystroke notifies only its own row and the few
// subscribers to "any change" (summary row, required headers), never the whole table.
import type { ColumnDef } from '../../../common/schema/types';
import { isEmptyValue } from '../../../common/rules/field-rules';
import { msg } from '../../../common/rules/messages';

type Line = Record<string, unknown>;
type Listener = () => void;

export interface LineStore {
  keys(): string[];
  row(key: string): Line;
  set(key: string, prop: string, value: unknown): void;
  add(line?: Line): void;
  remove(key: string): void;
  /** Lines as plain objects; number and price cells become numbers. */
  values(columns: ColumnDef[]): Line[];
  subscribeRow(key: string, fn: Listener): () => void;
  subscribeKeys(fn: Listener): () => void;
  subscribeAll(fn: Listener): () => void;
  /** Bumps on every change; a cheap snapshot for "any change" subscribers. */
  version(): number;
}

let seq = 0;

export function createLineStore(initial: Line[] = []): LineStore {
  const rows = new Map<string, Line>();
  let order: string[] = [];
  let ver = 0;
  const rowListeners = new Map<string, Set<Listener>>();
  const keyListeners = new Set<Listener>();
  const allListeners = new Set<Listener>();
  const push = (line: Line) => {
    const key = `l${++seq}`;
    rows.set(key, { ...line });
    order = [...order, key];
  };
  initial.forEach(push);
  const notifyAll = () => {
    ver += 1;
    allListeners.forEach((f) => f());
  };
  const on = (set: Set<Listener>, fn: Listener) => {
    set.add(fn);
    return () => {
      set.delete(fn);
    };
  };

  return {
    keys: () => order,
    row: (key) => rows.get(key) ?? {},
    set(key, prop, value) {
      const cur = rows.get(key);
      if (!cur || cur[prop] === value) return;
      rows.set(key, { ...cur, [prop]: value });
      rowListeners.get(key)?.forEach((f) => f());
      notifyAll();
    },
    add(line = {}) {
      push(line);
      keyListeners.forEach((f) => f());
      notifyAll();
    },
    remove(key) {
      rows.delete(key);
      order = order.filter((k) => k !== key);
      keyListeners.forEach((f) => f());
      notifyAll();
    },
    values(columns) {
      const numeric = new Set(columns.filter((c) => c.inputType === 'number' || c.priceType).map((c) => c.prop));
      return order.map((k) => {
        const line = { ...rows.get(k)! };
        // Only what the cell accepts as typing becomes a number; other text ('1e5') stays for the rules to refuse.
        for (const p of numeric) if (!isEmptyValue(line[p])) line[p] = toCellNumber(line[p]);
        return line;
      });
    },
    subscribeRow(key, fn) {
      if (!rowListeners.has(key)) rowListeners.set(key, new Set());
      return on(rowListeners.get(key)!, fn);
    },
    subscribeKeys: (fn) => on(keyListeners, fn),
    subscribeAll: (fn) => on(allListeners, fn),
    version: () => ver,
  };
}

/** Text a number cell takes while typing: digits with at most one point ('12', '12.', '.5', ''). */
const TYPING = /^\d*\.?\d*$/;
const TYPED_NUMBER = /^(\d+\.?\d*|\.\d+)$/;

/** The number a cell's text spells ('12.' → 12); anything else as it is, so the rules can refuse it. */
export function toCellNumber(value: unknown): unknown {
  return typeof value === 'string' && TYPED_NUMBER.test(value) ? Number(value) : value;
}

/** Whether a cell's text is a plain decimal (or on its way to one). */
export function isTypedNumber(text: string): boolean {
  return TYPING.test(text);
}

/**
 * Number cell input: a minus sign is refused with 请输入正确的数字 and the cell resets to 0. Other text
 * that is not a plain decimal ('1e5', '0x10', 'abc') is never turned into another number: it stays in
 * the cell, marked as wrong, and 请输入正确的数字 shows when the text first goes wrong.
 */
export function sanitizeNumberInput(raw: string, previous: string): { value: string; error: string | null } {
  if (raw.includes('-')) return { value: '0', error: msg('correctNumber') };
  const trimmed = raw.trim();
  if (TYPING.test(trimmed)) return { value: trimmed, error: null };
  return { value: raw, error: TYPING.test(previous.trim()) ? msg('correctNumber') : null };
}

/** Does some line leave this required column empty? (drives 不能为空 in the header) */
/** A required column is empty in a line where it shows (a dependOn / showCondition that does not hold hides it). */
export function columnHasEmpty(store: LineStore, col: ColumnDef): boolean {
  const shows = (row: Record<string, unknown>) =>
    [col.dependOn, col.showCondition].every((c) => !c || row[c.field] === c.value);
  return !!col.requireAble && store.keys().some((k) => shows(store.row(k)) && isEmptyValue(store.row(k)[col.prop]));
}

/**
 * Whether the lines differ from those the form opened with, in what a person types: computed cells (which the form
 * recomputes on opening) are left out, and an empty cell equals a missing one.
 */
export function linesEdited(initial: Line[], current: Line[], columns: ColumnDef[]): boolean {
  if (initial.length !== current.length) return true;
  const typed = columns.filter((c) => !c.compute).map((c) => c.prop);
  const same = (a: unknown, b: unknown) =>
    (isEmptyValue(a) && isEmptyValue(b)) || String(a) === String(b) || JSON.stringify(a) === JSON.stringify(b);
  return current.some((line, i) => typed.some((p) => !same(initial[i][p], line[p])));
}
