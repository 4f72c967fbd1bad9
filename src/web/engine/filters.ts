import type { FieldDef } from '../../common/schema/types';
import { isEmptyValue } from '../../common/rules/field-rules';
import type { Filter } from '../api/data-provider';

/** Search-form values → provider filters: text contains, ranges between, multi-selects in, else eq. */
export function toFilters(fields: FieldDef[], values: Record<string, unknown>): Filter[] {
  return fields.flatMap((f): Filter[] => {
    const value = values[f.fieldName];
    if (isEmptyValue(value)) return [];
    const t = f.fontendType;
    if (t === 'dateRange' || t === 'twoText') return [{ field: f.fieldName, operator: 'between', value }];
    if (t === 'multiSelect' || t === 'checkbox') return [{ field: f.fieldName, operator: 'in', value }];
    if (t === 'text' || t === 'textarea') return [{ field: f.fieldName, operator: 'contains', value }];
    return [{ field: f.fieldName, operator: 'eq', value }];
  });
}
