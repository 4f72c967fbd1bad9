// An external store for line items: a keystroke notifies only its own row and the few
// subscribers to "any change" (summary row, required headers), never the whole table.
import type { ColumnDef } from '../../common/schema/types';
import { isEmptyValue } from '../../common/rules/field-rules';
import { msg } from '../../common/rules/messages';

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
  const notifyAll = () => { ver += 1; allListeners.forEach((f) => f()); };
  const on = (set: Set<Listener>, fn: Listener) => { set.add(fn); return () => { set.delete(fn); }; };

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
    add(line = {}) { push(line); keyListeners.forEach((f) => f()); notifyAll(); },
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
        for (const p of numeric) if (!isEmptyValue(line[p]) && Number.isFinite(Number(line[p]))) line[p] = Number(line[p]);
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

/**
 * Number cell input: a minus sign is refused with 请输入正确的数字 and the cell resets to 0;
 * other non-numeric characters are ignored (the previous text stays).
 */
export function sanitizeNumberInput(raw: string, previous: string): { value: string; error: string | null } {
  if (raw.includes('-')) return { value: '0', error: msg('correctNumber') };
  if (/^\d*\.?\d*$/.test(raw)) return { value: raw, error: null };
  return { value: previous, error: null };
}

/** Does some line leave this required column empty? (drives 不能为空 in the header) */
export function columnHasEmpty(store: LineStore, col: ColumnDef): boolean {
  return !!col.requireAble && store.keys().some((k) => isEmptyValue(store.row(k)[col.prop]));
}
