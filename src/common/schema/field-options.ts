// Per-team field tuning: overrides of a record page's fields by fieldName — display
// name, required, hidden, in the add dialog, shown in the list, sortable, searchable, default value, length and
// range limits, position. The same pure functions apply them where the schema is served (the browser's form) and
// where the server validates a save, and check an override set before it is stored.
import type { FieldDef, Option, PageSchema } from './types';
import { validatePageSchema } from './loader';

export interface FieldOverride {
  titleName?: string;
  requireAble?: boolean;
  hidden?: boolean;
  isAdd?: boolean;
  listShow?: boolean;
  sortable?: boolean;
  searchable?: boolean;
  defaultValue?: string | number | boolean | null;
  maxLength?: number;
  min?: number;
  max?: number;
  /** 1-based position among the form's fields (fields without one keep their place). */
  sequence?: number;
  /** The team's own options added after a choice field's inline options (value = label). */
  extraOptions?: string[];
}

/** fieldName → its overrides. */
export type FieldOverrides = Record<string, FieldOverride>;

export const FIELD_OPTION_KEYS: (keyof FieldOverride)[] = [
  'titleName',
  'requireAble',
  'hidden',
  'isAdd',
  'listShow',
  'sortable',
  'searchable',
  'defaultValue',
  'maxLength',
  'min',
  'max',
  'sequence',
  'extraOptions',
];

/** Chinese names of the keys (history diffs, messages). */
export const FIELD_OPTION_LABELS: Record<keyof FieldOverride, string> = {
  titleName: '显示名称',
  requireAble: '必填',
  hidden: '隐藏',
  isAdd: '新增时显示',
  listShow: '列表显示',
  sortable: '可排序',
  searchable: '可搜索',
  defaultValue: '默认值',
  maxLength: '最大长度',
  min: '最小值',
  max: '最大值',
  sequence: '顺序',
  extraOptions: '附加选项',
};

const CHOICE_TYPES = new Set(['select', 'multiSelect', 'radio', 'checkbox']);
export const MAX_EXTRA_OPTIONS = 30;

/** Whether a team may add options to the field: a choice field with options written in the page (not a dictionary). */
export const takesExtraOptions = (f: Pick<FieldDef, 'fontendType' | 'data'>) =>
  CHOICE_TYPES.has(f.fontendType) && Array.isArray(f.data);

/** Inline options with the team's extra ones after them (one option per label; the page's own come first). */
function withExtra(data: unknown, extra: string[] | undefined): unknown {
  if (!extra?.length || !Array.isArray(data)) return data;
  const own = data as Option[];
  const taken = new Set(own.flatMap((o) => [String(o.label), String(o.value)]));
  return [...own, ...extra.filter((l) => !taken.has(l)).map((l) => ({ label: l, value: l }))];
}

/** Every field of the page's forms (drawer and add dialog), once, in the drawer's order. */
export function formFields(schema: PageSchema): FieldDef[] {
  const byName = new Map<string, FieldDef>();
  for (const f of [...(schema.drawer?.fields ?? []), ...(schema.addDialog?.fields ?? [])])
    if (!byName.has(f.fieldName)) byName.set(f.fieldName, f);
  return [...byName.values()];
}

const word = (name: string) =>
  new RegExp(`(?<![A-Za-z0-9_])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![A-Za-z0-9_])`);

/**
 * Fields the server requires: required by the page and read by the server's own logic — the page's checks,
 * effects, stages, approval conditions, applicant/department/money fields, unique keys, visibility, line
 * columns, or another field's computation or condition. They stay visible and required whatever a team says.
 */
export function serverRequiredFields(schema: PageSchema): Set<string> {
  const read = fieldsReadByLogic(schema);
  return new Set(
    formFields(schema)
      .filter((f) => f.requireAble && read.has(f.fieldName))
      .map((f) => f.fieldName),
  );
}

/**
 * Fields the page's logic reads (checks, effects, stages, approval conditions, money or applicant fields, unique
 * keys, visibility, line columns, another field's computation or condition) or computes. A team may not add options
 * to them: the logic knows only the page's own values.
 */
export function fieldsReadByLogic(schema: PageSchema): Set<string> {
  // Where a field is only shown (lists, prints, charts), its values matter to nothing else.
  const skip = new Set([
    'list',
    'addDialog',
    'drawer',
    'tabs',
    'sectionHeader',
    'title',
    'key',
    '$schema',
    'print',
    'charts',
  ]);
  const rest = Object.fromEntries(Object.entries(schema).filter(([k]) => !skip.has(k)));
  const drawerRest = Object.fromEntries(Object.entries(schema.drawer ?? {}).filter(([k]) => k !== 'fields'));
  const others = formFields(schema).map((f) => ({ compute: f.compute, dependOn: f.dependOn }));
  const text = JSON.stringify([rest, drawerRest, others]);
  return new Set(
    formFields(schema)
      .filter((f) => word(f.fieldName).test(text) || f.compute || f.aggregate)
      .map((f) => f.fieldName),
  );
}

/** The page as a team sees it: its fields relabelled, (un)required, hidden, reordered; its list and search to match. */
export function applyFieldOptions<T extends PageSchema>(schema: T, overrides: FieldOverrides | null | undefined): T {
  if (!overrides || !Object.keys(overrides).length) return schema;
  const out = structuredClone(schema);
  const tune = (f: FieldDef) => {
    const o = overrides[f.fieldName];
    if (!o) return f;
    if (o.titleName !== undefined) f.titleName = o.titleName;
    if (o.requireAble !== undefined) f.requireAble = o.requireAble;
    if (o.hidden !== undefined) f.hidden = o.hidden;
    if (o.isAdd !== undefined) f.isAdd = o.isAdd;
    if (o.maxLength !== undefined) f.maxLength = o.maxLength;
    if (o.min !== undefined) f.min = o.min;
    if (o.max !== undefined) f.max = o.max;
    if (o.defaultValue !== undefined) {
      if (o.defaultValue === null || o.defaultValue === '') delete f.default;
      else f.default = { value: o.defaultValue };
    }
    if (o.extraOptions) f.data = withExtra(f.data, o.extraOptions) as FieldDef['data'];
    return f;
  };
  const order = (fields: FieldDef[]) =>
    fields
      .map((f, i) => ({
        f,
        key: overrides[f.fieldName]?.sequence ?? i + 1,
        set: overrides[f.fieldName]?.sequence !== undefined ? 0 : 1,
        i,
      }))
      // A field given a position takes it: it goes before the field that was there.
      .sort((a, b) => a.key - b.key || a.set - b.set || a.i - b.i)
      .map((x) => x.f);
  if (out.drawer?.fields) out.drawer.fields = order(out.drawer.fields.map(tune));
  if (out.addDialog?.fields) {
    // isAdd false keeps a field out of the add dialog (unless the server requires it: refused before storing).
    out.addDialog.fields = order(out.addDialog.fields.map(tune).filter((f) => overrides[f.fieldName]?.isAdd !== false));
  }
  const base = new Map(formFields(schema).map((f) => [f.fieldName, f]));
  for (const c of out.list.columns) {
    const o = overrides[c.prop];
    if (!o) continue;
    if (o.titleName !== undefined) c.label = o.titleName;
    if (o.sortable !== undefined) c.sortable = o.sortable;
    // Off the list: left out of the columns shown by default (the column chooser can still show it).
    if (o.listShow !== undefined) c.checked = o.listShow;
    if (o.hidden) c.checked = false;
    if (o.extraOptions) c.data = withExtra(c.data, o.extraOptions) as typeof c.data;
  }
  let search = out.list.search ?? [];
  for (const s of search) {
    const o = overrides[s.filterOn ?? s.fieldName];
    if (o?.titleName !== undefined) s.titleName = o.titleName;
    if (o?.extraOptions) s.data = withExtra(s.data, o.extraOptions) as FieldDef['data'];
  }
  search = search.filter((s) => overrides[s.fieldName]?.searchable !== false);
  for (const [name, o] of Object.entries(overrides)) {
    const f = base.get(name);
    if (o.searchable && f && !search.some((s) => s.fieldName === name)) {
      const asSearch = structuredClone(f);
      for (const k of [
        'requireAble',
        'default',
        'compute',
        'aggregate',
        'dependOn',
        'disabled',
        'hidden',
        'isAdd',
        'remark',
      ] as const)
        delete asSearch[k];
      search.push({
        ...asSearch,
        titleName: o.titleName ?? f.titleName,
        fontendType: f.fontendType === 'textarea' ? 'text' : f.fontendType,
      });
    }
  }
  if (out.list.search || search.length) out.list.search = search;
  return out;
}

const isNum = (v: unknown) => typeof v === 'number' && Number.isFinite(v);

/**
 * Why an override set may not be stored (a Chinese message), or null. `base` is the page before this set (the
 * file, or the file with the platform defaults under a team's set).
 */
export function checkFieldOptions(base: PageSchema, overrides: unknown, file = 'field-options'): string | null {
  if (!overrides || typeof overrides !== 'object' || Array.isArray(overrides)) return '字段配置格式不正确';
  const fields = new Map(formFields(base).map((f) => [f.fieldName, f]));
  const required = serverRequiredFields(base);
  const byLogic = fieldsReadByLogic(base);
  for (const [name, o] of Object.entries(overrides as Record<string, unknown>)) {
    const f = fields.get(name);
    if (!f) return `字段不存在：${name}`;
    if (!o || typeof o !== 'object' || Array.isArray(o)) return `字段「${f.titleName}」的配置格式不正确`;
    for (const [k, v] of Object.entries(o)) {
      if (k === 'fieldName' || k === 'fontendType') return `字段「${f.titleName}」的字段名和字段类型不能修改`;
      if (!(FIELD_OPTION_KEYS as string[]).includes(k)) return `字段「${f.titleName}」不支持配置项：${k}`;
      if (v === undefined) continue;
      const label = FIELD_OPTION_LABELS[k as keyof FieldOverride];
      // Types the page language itself declares (titleName, requireAble, hidden, isAdd, maxLength, min, max) are left to
      // the meta-schema check below; these are not written into a field as such.
      if (k === 'titleName' && typeof v === 'string' && v.length > 30)
        return `字段「${f.titleName}」的显示名称不能超过 30 个字`;
      if (['listShow', 'sortable', 'searchable'].includes(k) && typeof v !== 'boolean')
        return `字段「${f.titleName}」的${label}须为是或否`;
      if (k === 'sequence' && !(Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 999))
        return `字段「${f.titleName}」的顺序须为 1 到 999 的整数`;
      if (k === 'defaultValue' && v !== null && !['string', 'number', 'boolean'].includes(typeof v))
        return `字段「${f.titleName}」的默认值须为文字、数字或是否`;
      if (k === 'extraOptions') {
        if (!takesExtraOptions(f)) return `字段「${f.titleName}」不是页面内选项的选择字段，不能附加选项`;
        if (byLogic.has(name)) return `字段「${f.titleName}」的取值参与页面的规则或流程，不能附加选项`;
        if (!Array.isArray(v) || v.length > MAX_EXTRA_OPTIONS)
          return `字段「${f.titleName}」的附加选项须为至多 ${MAX_EXTRA_OPTIONS} 个文字`;
        const own = new Set((f.data as Option[]).flatMap((x) => [String(x.label), String(x.value)]));
        const seen = new Set<string>();
        for (const l of v) {
          if (typeof l !== 'string' || !l.trim() || l.length > 20 || l !== l.trim())
            return `字段「${f.titleName}」的附加选项须为 1 到 20 个字，首尾不含空格`;
          if (own.has(l) || seen.has(l)) return `字段「${f.titleName}」的附加选项「${l}」重复`;
          seen.add(l);
        }
      }
    }
    const ov = o as FieldOverride;
    if (required.has(name) && (ov.requireAble === false || ov.hidden === true || ov.isAdd === false)) {
      return `字段「${f.titleName}」是服务器校验必需的字段，不能取消必填、隐藏或移出新增`;
    }
    if (ov.hidden && (ov.requireAble ?? f.requireAble)) return `字段「${f.titleName}」必填时不能隐藏`;
    if (ov.isAdd === false && (ov.requireAble ?? f.requireAble) && (ov.defaultValue ?? f.default) === undefined)
      return `字段「${f.titleName}」必填且无默认值时不能移出新增`;
    const min = ov.min ?? f.min;
    const max = ov.max ?? f.max;
    if (isNum(min) && isNum(max) && (min as number) > (max as number))
      return `字段「${f.titleName}」的最小值不能大于最大值`;
    if (ov.maxLength !== undefined && !['text', 'textarea', 'input'].includes(f.fontendType))
      return `字段「${f.titleName}」不是文本，不能设置最大长度`;
    if ((ov.min !== undefined || ov.max !== undefined) && !(f.fontendType === 'number' || f.type === 'number'))
      return `字段「${f.titleName}」不是数字，不能设置取值范围`;
  }
  const applied = applyFieldOptions(base, overrides as FieldOverrides);
  const res = validatePageSchema(applied, file);
  if (!res.ok)
    return `字段配置不符合页面配置规范：${res.errors.map((e) => `${e.path || '/'} ${e.message}`).join('；')}`;
  return null;
}

export interface FieldOptionChange {
  fieldName: string;
  key: keyof FieldOverride;
  label: string;
  from: unknown;
  to: unknown;
}

/** What changed from one override set to the next (the history's diff). */
export function diffFieldOptions(
  before: FieldOverrides | null | undefined,
  after: FieldOverrides | null | undefined,
): FieldOptionChange[] {
  const out: FieldOptionChange[] = [];
  const names = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].sort();
  for (const n of names) {
    for (const k of FIELD_OPTION_KEYS) {
      const a = before?.[n]?.[k];
      const b = after?.[n]?.[k];
      if (JSON.stringify(a) !== JSON.stringify(b))
        out.push({ fieldName: n, key: k, label: FIELD_OPTION_LABELS[k], from: a ?? null, to: b ?? null });
    }
  }
  return out;
}

/** Platform defaults under a team's set: the team's value wins key by key; extra options add up (platform's first). */
export function mergeFieldOptions(
  platform: FieldOverrides | null | undefined,
  team: FieldOverrides | null | undefined,
): FieldOverrides {
  const out: FieldOverrides = structuredClone(platform ?? {});
  for (const [n, o] of Object.entries(team ?? {})) {
    const extra = [...new Set([...(out[n]?.extraOptions ?? []), ...(o.extraOptions ?? [])])];
    out[n] = { ...out[n], ...o, ...(extra.length ? { extraOptions: extra } : {}) };
  }
  return out;
}
