// Stores the display name beside every dictionary-backed value (`deptId` → `deptIdName`), so lists and
// prints read names without a join per field; values are checked against the dictionary on the way.
import type { TenantTx } from '../../db/tenant-scope';
import { badRequest } from '../../errors';
import type { ColumnDef, FieldDef, OptionSource } from '../../../common/schema';
import { dictTrees, type DictNode } from '../dict/routes';

/** The dictionary a field's options come from (`data: { fieldKey }`), if any. */
export const keyOf = (d: OptionSource | unknown): string | undefined =>
  d && typeof d === 'object' && !Array.isArray(d) && typeof (d as { fieldKey?: unknown }).fieldKey === 'string'
    ? (d as { fieldKey: string }).fieldKey
    : undefined;

function flatten(nodes: DictNode[], into = new Map<string, { name: string; retired: boolean }>()) {
  for (const n of nodes) {
    into.set(String(n.id), { name: n.dictName, retired: !!n.disabled || !!n.deleted });
    if (n.children) flatten(n.children, into);
  }
  return into;
}

/** What a record held before this save: a disabled or deleted item it already stored may stay (and keeps its name). */
export interface KeptValues {
  data: Record<string, unknown>;
  lines: Record<string, unknown>[];
}

export async function attachLabels(
  trx: TenantTx,
  tenant: string,
  fields: FieldDef[],
  lineColumns: ColumnDef[],
  data: Record<string, unknown>,
  lines: Record<string, unknown>[],
  kept?: KeptValues | 'any',
) {
  attachInlineLabels(fields, lineColumns, data, lines);
  const fieldKeys = fields.map((f) => [f.fieldName, f.titleName, keyOf(f.data)] as const).filter(([, , k]) => k);
  const lineKeys = lineColumns.map((c) => [c.prop, c.label, keyOf(c.data)] as const).filter(([, , k]) => k);
  const keys = [...new Set([...fieldKeys, ...lineKeys].map(([, , k]) => k!))];
  if (!keys.length) return;
  // Deleted (and disabled) items too: a record that stored one keeps its name when it is saved again.
  const trees = await dictTrees(trx, tenant, keys, undefined, { withDeleted: true });
  const maps = new Map(keys.map((k) => [k, flatten(trees[k] ?? [])]));
  const held = (name: string, x: unknown, inLines: boolean) => {
    if (kept === 'any') return true;
    if (!kept) return false;
    const has = (v: unknown) => (Array.isArray(v) ? v : [v]).some((y) => String(y) === String(x));
    return inLines ? kept.lines.some((l) => has(l?.[name])) : has(kept.data[name]);
  };
  const label = (target: Record<string, unknown>, name: string, title: string, key: string, inLines: boolean) => {
    const v = target[name];
    if (v === undefined || v === null || v === '') return;
    const map = maps.get(key)!;
    // The server's own writes (effects, generators) may name an item instead of giving its id: "工资".
    const idOf = (x: unknown) => {
      if (map.has(String(x)) || kept !== 'any') return x;
      const found = [...map].find(([, n]) => n.name === String(x) && !n.retired)?.[0];
      return found === undefined ? x : Number(found);
    };
    const given = Array.isArray(v) ? v : [v];
    const values = given.map(idOf);
    if (values.some((x, i) => x !== given[i])) target[name] = Array.isArray(v) ? values : values[0];
    const names = values.map((x) => {
      const hit = map.get(String(x));
      if (hit === undefined) throw badRequest(`${title}的选项不存在`);
      // A disabled or deleted item is no longer offered: only a record that already held it keeps it.
      if (hit.retired && !held(name, x, inLines)) throw badRequest(`${title}的选项「${hit.name}」已停用`);
      return hit.name;
    });
    target[`${name}Name`] = names.join('、');
  };
  for (const [name, title, key] of fieldKeys) label(data, name, title, key!, false);
  // A cascader holds a path: each step must be a child of the one before, and its name reads as 广东省/深圳市/南山区.
  for (const f of fields) {
    const key = keyOf(f.data);
    const v = data[f.fieldName];
    if (!key || f.fontendType !== 'cascader' || !Array.isArray(v) || !v.length || Array.isArray(v[0])) continue;
    let level: DictNode[] | undefined = trees[key] ?? [];
    const names: string[] = [];
    for (const step of v) {
      const hit: DictNode | undefined = level?.find((n) => String(n.id) === String(step));
      if (!hit) throw badRequest(`${f.titleName}的选项不存在`);
      names.push(hit.dictName);
      level = hit.children;
    }
    data[`${f.fieldName}Name`] = names.join('/');
  }
  for (const l of lines) for (const [name, title, key] of lineKeys) label(l, name, title, key!, true);
}

/** Inline options (e.g. 审批人类型) keep their label beside the value too, so lists and prints read names. */
export function attachInlineLabels(
  fields: FieldDef[],
  lineColumns: ColumnDef[],
  data: Record<string, unknown>,
  lines: Record<string, unknown>[],
) {
  const inline = (d: unknown) =>
    Array.isArray(d) && d.every((o) => o && typeof o === 'object' && 'value' in o && 'label' in o)
      ? (d as { label: string; value: unknown }[])
      : undefined;
  const put = (target: Record<string, unknown>, name: string, opts: { label: string; value: unknown }[]) => {
    const v = target[name];
    if (v === undefined || v === null || v === '') return;
    const names = (Array.isArray(v) ? v : [v])
      .map((x) => opts.find((o) => o.value === x)?.label)
      .filter((x) => x !== undefined);
    if (names.length) target[`${name}Name`] = names.join('、');
  };
  for (const f of fields) {
    const o = inline(f.data);
    if (o && f.fontendType !== 'switch') put(data, f.fieldName, o);
  }
  // A two-part value (e.g. 金额区间) reads as "1000 至 5000", an open end as 不限.
  for (const f of fields) {
    const v = data[f.fieldName];
    if (f.fontendType !== 'twoText' || !v || typeof v !== 'object') continue;
    const parts = (f.fields ?? []).map((p) => (v as Record<string, unknown>)[p.name]);
    if (parts.every((x) => x === undefined || x === null || x === '')) continue;
    data[`${f.fieldName}Name`] = parts
      .map((x) => (x === undefined || x === null || x === '' ? '不限' : String(x)))
      .join(` ${f.connector ?? '~'} `);
  }
  for (const c of lineColumns) {
    const o = inline(c.data);
    if (o) for (const l of lines) put(l, c.prop, o);
  }
}
