import type { FieldDef, Option } from '../../../common/schema/types';
import { isEmptyValue } from '../../../common/rules/field-rules';
import type { Filter } from '../../api/data-provider';

/** A value and every value below it in an option tree (picking 差旅费 also means 交通, 住宿, 出差补贴). */
export function withDescendants(options: Option[], value: unknown): unknown[] {
  const find = (nodes: Option[]): Option | undefined => {
    for (const o of nodes) {
      if (o.value === value || String(o.value) === String(value)) return o;
      const hit = o.children && find(o.children);
      if (hit) return hit;
    }
    return undefined;
  };
  const below = (o: Option): unknown[] => [o.value, ...(o.children ?? []).flatMap(below)];
  const hit = find(options);
  return hit ? below(hit) : [value];
}

/**
 * Search-form values → provider filters: text contains, ranges between, multi-selects in, else eq.
 * A field filters on its `filterOn` (e.g. lines.expenseType: records with such a line) when it has one.
 * A tree select whose options are known (`optionsOf`) also matches the picked node's descendants.
 */
export function toFilters(
  fields: FieldDef[],
  values: Record<string, unknown>,
  optionsOf?: (f: FieldDef) => Option[] | undefined,
): Filter[] {
  return fields.flatMap((f): Filter[] => {
    const value = values[f.fieldName];
    if (isEmptyValue(value)) return [];
    const field = f.filterOn ?? f.fieldName;
    const t = f.fontendType;
    if (t === 'dateRange' || t === 'twoText') return [{ field, operator: 'between', value }];
    if (t === 'multiSelect' || t === 'checkbox') return [{ field, operator: 'in', value }];
    if (t === 'text' || t === 'textarea') return [{ field, operator: 'contains', value }];
    if (t === 'treeSelect' && !Array.isArray(value)) {
      const all = withDescendants(optionsOf?.(f) ?? [], value);
      if (all.length > 1) return [{ field, operator: 'in', value: all }];
    }
    return [{ field, operator: 'eq', value }];
  });
}
