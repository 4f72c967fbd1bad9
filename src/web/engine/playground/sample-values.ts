// The value a sample record holds in one field or cell, made from its declaration alone (its type, options, bounds),
// so any page shows records that look like its own without a server. Deterministic: record i always gets the same.
import type { ColumnDef, FieldDef, Option, RecordSource } from '../../../common/schema/types';
import { dimensionFields } from '../../../common/rules/field-rules';

/** The day the sample records are dated around (and the playground's 今天). */
export const SAMPLE_TODAY = '2024-03-05';

/** A picture that needs no network, for image cells and uploads. */
export const SAMPLE_PICTURE = `data:image/svg+xml;utf8,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="160" height="100"><rect width="160" height="100" fill="#e6f4ff"/><rect x="30" y="30" width="100" height="50" fill="#91caff"/></svg>',
)}`;

/** What a value needs from outside its declaration: a dictionary's options and the records a picker offers. */
export interface SampleScope {
  dictionary(fieldKey: string): Option[];
  /** The value (code or id) and label of the i-th record a picker offers. */
  picked(source: RecordSource, i: number): { value: string | number; label: string } | undefined;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
export const sampleDay = (i: number) => `2024-03-${pad((i % 28) + 1)}`;

/** Texts a pattern (`reg`) may want: a phone, a mail, a credit code, an id card. */
const PATTERNED = [
  '13800138000',
  'demo@example.com',
  '91310000MA1FL0000X',
  '110101199001011234',
  'https://example.com',
  '021-12345678',
];
/** The first text the field's pattern accepts: its title and number, a plain code, or one of the patterned; else ''. */
function fitting(f: FieldDef, i: number): string {
  try {
    const re = new RegExp(f.reg!);
    return [`${f.titleName}${i + 1}`, `A${String(i + 1).padStart(4, '0')}`, ...PATTERNED].find((t) => re.test(t)) ?? '';
  } catch {
    return '';
  }
}

function numberIn(i: number, min?: number, max?: number, exclusiveMinimum?: number): number {
  const lo = min ?? (exclusiveMinimum !== undefined ? exclusiveMinimum + 1 : 1);
  const n =
    max !== undefined && max - lo <= 20
      ? lo + (i % (Math.floor(max - lo) + 1))
      : Math.min(lo + ((i * 37) % 90) + 10, max ?? Infinity);
  // Two decimals at most, as money and quantities are stored.
  return Math.round(n * 100) / 100;
}

const isSource = (d: unknown): d is RecordSource =>
  !!d && typeof d === 'object' && !Array.isArray(d) && 'module' in d && 'label' in d;
const fieldKeyOf = (d: unknown): string | undefined =>
  d && typeof d === 'object' && !Array.isArray(d) && typeof (d as { fieldKey?: unknown }).fieldKey === 'string'
    ? (d as { fieldKey: string }).fieldKey
    : undefined;
const inline = (d: unknown): Option[] | undefined =>
  Array.isArray(d) && d.every((o) => o && typeof o === 'object' && 'value' in o && 'label' in o)
    ? (d as Option[])
    : undefined;

/** The options a declaration offers, when they are known without a server: inline, or a sample dictionary's. */
export function optionsOf(data: unknown, scope: SampleScope): Option[] | undefined {
  const key = fieldKeyOf(data);
  return key ? scope.dictionary(key) : inline(data);
}

/** The i-th of the options (a leaf's path for a cascader); undefined when there are none. */
function choose(options: Option[] | undefined, i: number): Option | undefined {
  return options?.length ? options[i % options.length] : undefined;
}

/** A field's value in the i-th sample record, or undefined for one the server fills (computed, aggregated). */
export function fieldValue(f: FieldDef, i: number, scope: SampleScope): unknown {
  if (f.compute || f.aggregate) return undefined;
  if (isSource(f.data)) {
    const p = scope.picked(f.data, i);
    if (!p) return undefined;
    return f.fontendType === 'multiSelect' || f.fontendType === 'checkbox' ? [p.value] : p.value;
  }
  const options = optionsOf(f.data, scope);
  switch (f.fontendType) {
    case 'text':
      if (f.type === 'number') return numberIn(i, f.min, f.max, f.exclusiveMinimum);
      if (f.reg) return fitting(f, i);
      if (f.autoNumber) return `${f.autoNumber.prefix}${pad(i + 1, f.autoNumber.digits ?? 3)}`;
      return `${f.titleName}${i + 1}`;
    case 'textarea':
      return `${f.titleName}：示例说明 ${i + 1}`;
    case 'number':
      return numberIn(i, f.min, f.max, f.exclusiveMinimum);
    case 'select':
    case 'radio':
    case 'treeSelect':
      return choose(options, i)?.value;
    case 'multiSelect':
    case 'checkbox': {
      const o = choose(options, i);
      return o ? [o.value] : [];
    }
    case 'cascader': {
      const top = choose(options, i);
      if (!top) return undefined;
      const child = choose(top.children, i);
      return child ? [top.value, child.value] : [top.value];
    }
    case 'date':
      return sampleDay(i);
    case 'month':
      return sampleDay(i).slice(0, 7);
    case 'dateTime':
      return `${sampleDay(i)} 09:30:00`;
    case 'dateRange':
      return [sampleDay(i), sampleDay(i + 2)];
    case 'twoText':
      return Object.fromEntries(
        (f.fields ?? []).map((s, k) => [s.name, s.type === 'number' ? (k + 1) * 1000 : `${s.label ?? s.name}${i + 1}`]),
      );
    case 'dimension':
      return Object.fromEntries(dimensionFields(f).map((s, k) => [s.name, [1200, 600, 900][k % 3] + i * 10]));
    case 'upload':
    case 'image':
      return [{ url: SAMPLE_PICTURE, name: `${f.titleName}${i + 1}.png` }];
    case 'idCard':
      return '110101199001011234';
    case 'switch':
      return i % 2 === 0;
    default:
      return undefined;
  }
}

/** A list column's or line cell's value in the i-th record, for a prop no field holds. */
export function cellValue(c: ColumnDef, i: number, scope: SampleScope): unknown {
  if (c.compute) return undefined;
  if (isSource(c.data)) return scope.picked(c.data, i)?.value;
  const options = optionsOf(c.data, scope);
  switch (c.inputType) {
    case 'number':
      return numberIn(i, c.min, c.max, c.exclusiveMinimum);
    case 'date':
      return sampleDay(i);
    case 'select':
      return choose(options, i)?.value;
    case 'multiSelect':
      return options?.length ? [choose(options, i)!.value] : [];
    default:
      break;
  }
  if (options?.length) return choose(options, i)!.value;
  switch (c.type) {
    case 'money':
      return 1000 + ((i * 137) % 9000) + 0.5;
    case 'percent':
      return [0.13, 0.06, 0.03][i % 3];
    case 'time':
      return `${sampleDay(i)}T01:30:00.000Z`;
    case 'month':
      return sampleDay(i).slice(0, 7);
    case 'allDate':
      return sampleDay(i);
    case 'image':
      return SAMPLE_PICTURE;
    case 'starMark':
      return i % 2 === 0;
    case 'spanList':
    case 'cellList':
      return [`${c.label}甲`, `${c.label}乙`].slice(0, (i % 2) + 1);
    case 'enum': {
      const keys = c.data && typeof c.data === 'object' && !Array.isArray(c.data) ? Object.keys(c.data) : [];
      return keys.length ? keys[i % keys.length] : undefined;
    }
    default:
      return c.priceType ? 100 + i * 10 : `${c.label}${i + 1}`;
  }
}

/** The label a value with options reads as (the server stores it beside the value as <name>Name). */
export function labelOf(data: unknown, value: unknown, scope: SampleScope): string | undefined {
  const options = optionsOf(data, scope);
  if (!options || value === undefined || value === null) return undefined;
  const find = (list: Option[], v: unknown): Option | undefined => {
    for (const o of list) {
      if (String(o.value) === String(v)) return o;
      const hit = o.children && find(o.children, v);
      if (hit) return hit;
    }
    return undefined;
  };
  const names = (Array.isArray(value) ? value : [value])
    .map((v) => find(options, v)?.label)
    .filter((x): x is string => !!x);
  return names.length ? names.join('、') : undefined;
}
