// Text shown for a field value in read-only (read-pretty) mode; no React so it stays testable.
import type { FieldDef, Option } from '../../../common/schema/types';
import { findOption } from '../../../common/schema/dictionary';
import { daysInclusive, formatDate, formatMoney } from '../../../common/rules/format';
import { dimensionFields } from '../../../common/rules/field-rules';
import { msg } from '../../../common/rules/messages';

const EMPTY = '';

/**
 * A composite value (an object, e.g. a dimension's { length, width, height } or a twoText's pair) in a list
 * cell, where the column knows no field: a dimension's parts in their order joined by ×, other objects' values
 * by ' - '. Anything else: null (the cell shows it as it is).
 */
export function compositeText(value: unknown): string | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  const dims = dimensionFields({} as FieldDef);
  if (dims.every((d) => d.name in v)) return dims.map((d) => v[d.name] ?? '').join('×');
  return Object.values(v)
    .filter((x) => x !== null && x !== undefined && x !== '')
    .map(String)
    .join(' - ');
}

function labelOf(options: Option[], v: unknown): string {
  const o = findOption(options, v);
  return o ? (o.title ?? o.label) : String(v);
}

export function displayValue(def: FieldDef, value: unknown, options: Option[] = []): string {
  if (value === undefined || value === null || value === '') return EMPTY;
  switch (def.fontendType) {
    case 'select':
    case 'radio':
    case 'treeSelect':
      return Array.isArray(value) ? value.map((v) => labelOf(options, v)).join('、') : labelOf(options, value);
    case 'multiSelect':
    case 'checkbox':
      return (Array.isArray(value) ? value : [value]).map((v) => labelOf(options, v)).join('、');
    case 'cascader': {
      const path = Array.isArray(value) ? value : [value];
      return path.map((v) => findOption(options, v)?.label ?? String(v)).join('/');
    }
    case 'date':
      return formatDate(value, 'date');
    case 'month':
      return formatDate(value, 'month');
    case 'dateTime':
      return formatDate(value, 'dateTime');
    case 'dateRange': {
      const [a, b] = Array.isArray(value) ? value : [];
      const kind = def.props?.showTime ? 'dateTime' : 'date';
      const text = `${formatDate(a, kind)} ~ ${formatDate(b, kind)}`;
      const days = def.isComputingTime ? daysInclusive(a, b) : null;
      return days ? `${text} ${msg('totalDays', { n: days })}` : text;
    }
    case 'twoText': {
      const v = value as Record<string, unknown>;
      return (def.fields ?? []).map((s) => v[s.name] ?? '').join(def.connector ?? ' - ');
    }
    case 'dimension': {
      const v = value as Record<string, unknown>;
      const text = dimensionFields(def)
        .map((s) => v[s.name] ?? '')
        .join(def.connector ?? '×');
      return def.unit ? `${text} ${def.unit}` : text;
    }
    case 'upload':
    case 'image':
      return (Array.isArray(value) ? value : []).map((f) => f.name ?? f.fileName ?? f.url).join('、');
    case 'switch':
      return value ? '是' : '否';
    case 'number': {
      // Money (unit 元) reads with two decimals, as the list and the print show it.
      const n = Number(value);
      const text = def.unit === '元' && Number.isFinite(n) ? formatMoney(n) : String(value);
      return def.unit ? `${text} ${def.unit}` : text;
    }
    default:
      return def.unit ? `${String(value)} ${def.unit}` : String(value);
  }
}
