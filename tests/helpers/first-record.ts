// Fills a page's new-record form as a person would on a team's first day: every field the form requires (and has no
// default for) gets a plain value of its kind — a dictionary's first item, a picker's first option (asked of
// POST /api/data/:module/options, as the drawer asks), today, 1, a small upload — and one line item when the form has
// lines. What a picker cannot offer yet is answered as the page to fill first (the picker's module), not guessed.
import { conditionHolds } from '../../src/common/rules/conditions';
import { todayInChina } from '../../src/common/china-time';
import { dimensionFields } from '../../src/common/rules/field-rules';
import type { FieldDef } from '../../src/common/schema/types';
import type { TestApp } from './test-app';
import { uploadPng } from './records';

type Row = Record<string, any>;

/** Sample texts for fields with a pattern: the first that matches is used. */
const SAMPLES = [
  '测试',
  '13800138000',
  '91350100M000100Y43',
  '11010519491231002X',
  'test@example.cn',
  '6222020200112233445',
  '京A12345',
  'BC-0001',
  'A-01',
  'ABC123',
  '1',
];

/** A form a picker could not fill: the picker's field and the module whose records it offers. */
export class NeedsFirst extends Error {
  constructor(
    readonly field: string,
    readonly module: string,
  ) {
    super(`「${field}」无可选项，需先在 ${module} 新增`);
  }
}

export interface FormContext {
  t: TestApp;
  token: string;
  userId: number;
  /** Dictionary trees by field key, as queryByFieldKeys answers them. */
  dicts: Map<string, any[]>;
  /** The number a number field or cell gets (1; a form whose figures must add up, e.g. weights to 100, is tried again with 100). */
  number?: number;
  /** Pickers the form does not require are left empty when they have nothing to offer (else the form waits for their page). */
  lenient?: boolean;
}

const leaf = (nodes: any[]): any => {
  const n = nodes?.[0];
  return n?.children?.length ? leaf(n.children) : n;
};

async function dictTree(c: FormContext, key: string): Promise<any[]> {
  if (!c.dicts.has(key)) {
    const r = await c.t.call('POST', '/api/admin/sysmenuListFieldDict/queryByFieldKeys', [key], c.token);
    c.dicts.set(key, r.data?.[key] ?? []);
  }
  return c.dicts.get(key)!;
}

/** Today (and an hour) in the field's value format: a date, a month or a moment. */
const inFormat = (format: string | undefined, hour = '10') =>
  `${todayInChina()} ${hour}:00:00`.slice(0, format?.length ?? 10);

/** A plain value for a field (or line cell) of this kind; undefined when it has none to offer. */
async function valueFor(
  c: FormContext,
  module: string,
  f: Row,
  name: string,
  values: Row,
  asCell = false,
  form: Row = values,
): Promise<unknown> {
  const type: string = f.fontendType ?? f.inputType ?? 'text';
  const data = f.data;
  const today = todayInChina();
  if (data?.pickedLines) {
    // Options are the picked record's lines: the form's picker was filled first and exposes them.
    const picked = form.__picked?.[data.pickedLines.field];
    const line = picked?.lines?.[0];
    if (!line) throw new NeedsFirst(name, `${module}.${data.pickedLines.field}`);
    return line[data.pickedLines.value];
  }
  if (data && typeof data === 'object' && !Array.isArray(data) && (data.module || data.modules)) {
    const r = await c.t.call(
      'POST',
      `/api/data/${module}/options`,
      { field: asCell ? `lines.${name}` : name, values: scalars(form) },
      c.token,
    );
    if (r.status !== 200) throw new Error(`${module} options ${name}: ${r.message}`);
    const first = (r.data as Row[])?.[0];
    if (!first && c.lenient && !f.requireAble) return undefined;
    if (!first) throw new NeedsFirst(name, data.modules ? data.modules.join('|') : data.module);
    if (!asCell) (form.__picked ??= {})[name] = first.record ?? first;
    const v = first.value ?? first.id;
    return type === 'multiSelect' ? [v] : v;
  }
  if (data?.fieldKey === 'teamMembers') return type === 'multiSelect' || f.props?.multiple ? [c.userId] : c.userId;
  if (data?.fieldKey === 'region') return ['北京市', '北京市', '东城区'];
  const many = type === 'multiSelect' || type === 'checkbox' || !!f.props?.multiple;
  if (data?.fieldKey) {
    const tree = await dictTree(c, data.fieldKey);
    const first = leaf(tree);
    if (!first) throw new NeedsFirst(name, `dictionary ${data.fieldKey}`);
    // A flat multi-choice takes every item (a partner that is customer, supplier and factory alike, so every picker of partners offers it).
    const chosen = many && tree.every((n) => !n.children?.length) ? tree : [first];
    values[`${name}Name`] = chosen.map((n) => n.dictName).join('、');
    const ids = chosen.map((n) => n.id);
    return many || type === 'cascader' ? ids : ids[0];
  }
  if (Array.isArray(data) && data.length && type === 'cascader') {
    const path: unknown[] = [];
    for (let n = data[0]; n; n = n.children?.[0]) path.push(n.value ?? n.label);
    return path;
  }
  if (Array.isArray(data) && data.length) {
    const v = data[0].value ?? data[0].label;
    values[`${name}Name`] = data[0].label;
    return many ? [v] : v;
  }
  switch (type) {
    case 'number':
      return Math.min(Math.max(c.number ?? 1, f.min ?? 0), f.max ?? Number.POSITIVE_INFINITY);
    case 'date':
      return inFormat(f.valueFormat);
    case 'month':
      return today.slice(0, 7);
    case 'dateTime':
      return inFormat(f.valueFormat ?? 'YYYY-MM-DD HH:mm:ss');
    case 'dateRange':
      return [inFormat(f.valueFormat), inFormat(f.valueFormat, '11')];
    case 'switch':
      return false;
    case 'image':
    case 'upload':
      return [await uploadPng(c.t, c.token, `${name}.png`)];
    case 'idCard':
      return '11010519491231002X';
    case 'dimension':
      return Object.fromEntries(dimensionFields(f as FieldDef).map((s) => [s.name, Math.max(s.min ?? f.min ?? 1, 1)]));
    case 'twoText':
      return Object.fromEntries((f.fields ?? []).map((s: Row) => [s.name, s.type === 'number' ? 1 : '1']));
    default: {
      const re = f.reg ? new RegExp(f.reg) : null;
      return SAMPLES.find((s) => !re || re.test(s)) ?? '1';
    }
  }
}

const scalars = (v: Row) =>
  Object.fromEntries(
    Object.entries(v).filter(([k, x]) => !k.startsWith('__') && ['string', 'number', 'boolean'].includes(typeof x)),
  );

/** The fields of the page's new-record form (its add dialog, else its drawer) a person must fill. */
function formFields(view: Row): Row[] {
  const fields: Row[] = view.addDialog?.fields ?? view.drawer?.fields ?? [];
  return fields.filter((f) => f.isAdd !== false && !f.disabled && !f.compute && !f.aggregate && !f.hidden);
}

/**
 * A new record's form filled in: the constant defaults the form shows, required fields without a default, then one
 * line of required cells. `full`: also every record picker, upload and number cell — what a person adds when the
 * save says a check wants them (立项流程 on submit, 往来单位, the scores of an appraisal).
 */
export async function fillForm(c: FormContext, view: Row, full = false): Promise<Row> {
  const module: string = view.module;
  const values: Row = {};
  const fields = formFields(view);
  for (const f of fields)
    if (f.default && typeof f.default === 'object' && 'value' in f.default) values[f.fieldName] = f.default.value;
  for (const f of fields) {
    const picker =
      !!f.data && typeof f.data === 'object' && !Array.isArray(f.data) && !!(f.data.module || f.data.modules);
    const upload = f.fontendType === 'image' || f.fontendType === 'upload';
    if (
      !((full && (picker || upload)) || (f.requireAble && f.default === undefined)) ||
      !conditionHolds(f.dependOn, values)
    )
      continue;
    const v = await valueFor(c, module, f, f.fieldName, values);
    if (v !== undefined) values[f.fieldName] = v;
  }
  const lines = view.drawer?.lines;
  if (lines && !lines.readOnly) {
    const line: Row = {};
    for (const col of lines.columns as Row[]) {
      if (!col.inputType || col.compute || !(col.requireAble || (full && col.inputType === 'number'))) continue;
      if (col.recordDependOn && !conditionHolds(col.recordDependOn, values)) continue;
      if (col.dependOn && !conditionHolds(col.dependOn, line)) continue;
      const v = await valueFor(c, module, col, col.prop, line, true, values);
      if (v !== undefined) line[col.prop] = v;
    }
    values.lines = [line];
  }
  delete values.__picked;
  return values;
}
