// What a page produces once its defaults are filled in (loader.ts): the columns, fields, buttons with their permission
// codes, tabs, stages and effects of the page and of each nested list, plus a digest of the whole filled-in page. A
// rewrite of schemas/ onto defaults and presets must leave every page's shape and digest as they were:
// tests/unit/page-shapes.test.ts compares them with tests/unit/page-shapes.before.json, which
// scripts/page-shapes.ts writes from the pages as they are.
import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readSchemaFiles } from '../../scripts/check-schemas';
import { validatePageSchema } from '../../src/common/schema/loader';
import { keyOf } from '../../src/common/schema/page-defaults';
import { DATE_FORMATS, type DateKind } from '../../src/common/rules/format';
import { recordListsOf } from '../../src/common/schema/record-lists';
import type {
  AnyPageSchema,
  ButtonDef,
  ColumnDef,
  EntityDef,
  FieldDef,
  PageSchema,
} from '../../src/common/schema/types';

export const BEFORE_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../unit/page-shapes.before.json',
);

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** JSON with every object's keys sorted, so a default filled in after the written properties digests the same. */
export function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .filter((k) => o[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}

/** The format a date-like field stores when it writes none (value-types.ts storedDateFormat). */
function kindFormat(f: Record<string, unknown>): string | undefined {
  const kind =
    f.fontendType === 'dateRange'
      ? (f.props as { showTime?: boolean } | undefined)?.showTime
        ? 'dateTime'
        : 'date'
      : f.fontendType;
  return typeof kind === 'string' && kind in DATE_FORMATS ? DATE_FORMATS[kind as DateKind] : undefined;
}

/**
 * The page with every date-like field's valueFormat left out where it is the format the field stores anyway: a page
 * writing `"valueFormat": "YYYY-MM-DD"` on a date field and one leaving it out store, check and show the same.
 */
function withoutKindFormats(page: AnyPageSchema): unknown {
  const visit = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(visit);
    if (!v || typeof v !== 'object') return v;
    const o = Object.fromEntries(Object.entries(v).map(([k, x]) => [k, visit(x)]));
    if (typeof o.fontendType === 'string' && o.valueFormat !== undefined && o.valueFormat === kindFormat(o))
      delete o.valueFormat;
    return o;
  };
  return visit(page);
}

/** Options as the form offers them: inline ones by value and label, or where they come from. */
function options(data: unknown): Json {
  if (data === undefined) return null;
  if (Array.isArray(data)) {
    return data.map((o) =>
      o && typeof o === 'object' && 'value' in o
        ? `${String(o.value)}=${String((o as { label?: unknown }).label)}`
        : canonical(o),
    );
  }
  return canonical(data);
}

const field = (f: FieldDef): Json => [
  f.fieldName,
  f.titleName,
  f.fontendType,
  f.requireAble ?? false,
  options(f.data),
  f.hidden ?? false,
  f.isAdd ?? true,
  f.dependOn ? canonical(f.dependOn) : null,
];

const column = (c: ColumnDef): Json => {
  const buttons =
    c.type === 'buttonList' && Array.isArray(c.data) ? (c.data as ButtonDef[]).map(button) : options(c.data);
  return [c.prop, c.label, c.type ?? 'text', c.checked ?? true, c.inputType ?? null, c.requireAble ?? false, buttons];
};

function button(b: ButtonDef): Json {
  return [
    b.key ?? null,
    b.text ?? null,
    b.action ?? null,
    b.permissionCode ?? null,
    ...(b.children ? [b.children.map(button)] : []),
  ];
}

function entity(e: EntityDef): Json {
  const stages = e.stages;
  return {
    key: keyOf(e),
    module: e.module,
    title: e.title,
    sectionHeader: e.sectionHeader ? canonical(e.sectionHeader) : null,
    search: (e.list.search ?? []).map(field),
    columns: e.list.columns.map(column),
    actions: (e.list.actions ?? []).map(button),
    operations: (e.list.operations ?? []).map(button),
    addDialog: e.addDialog
      ? {
          title: e.addDialog.title,
          fields: e.addDialog.fields.map(field),
          extraButton: e.addDialog.extraButton ? button(e.addDialog.extraButton) : null,
        }
      : null,
    drawer: e.drawer
      ? {
          title: e.drawer.title,
          fields: e.drawer.fields.map(field),
          lines: (e.drawer.lines?.columns ?? []).map(column),
          buttons: (e.drawer.buttons ?? []).map(button),
          approval: e.drawer.approval ?? false,
        }
      : null,
    stages: stages
      ? {
          field: stages.field ?? 'stage',
          values: stages.values.map((v) => v.value),
          actions: stages.actions.map((a) => [
            a.key,
            a.text,
            a.from.join('|'),
            a.to ?? null,
            a.permissionCode ?? null,
            (a.fields ?? []).map(field),
          ]),
        }
      : null,
    effects: (e.effects ?? []).map((x) => JSON.parse(canonical(x)) as Json),
    documents: (e.documents ?? []).map((d) => [d.key, d.permissionCode]),
    generators: (e.generators ?? []).map((g) => [g.key, g.permissionCode]),
  };
}

export interface PageShape {
  key: string;
  module: string;
  tabs: Json;
  lists: Json[];
  /** sha256 of the whole filled-in page (canonical JSON, date formats equal to their kind's left out): whatever the shape leaves out. */
  digest: string;
}

/** The shape of one filled-in page. */
export function pageShape(page: AnyPageSchema): PageShape {
  const tabs = (page as PageSchema).tabs;
  return {
    key: keyOf(page),
    module: page.module,
    tabs: tabs
      ? { bar: tabs.bar ?? null, modules: (tabs.modules ?? []).map((m) => `${m.key ?? ''}=${m.moduleAbbreviation}`) }
      : null,
    lists: recordListsOf(page).map(entity),
    digest: createHash('sha256')
      .update(canonical(withoutKindFormats(page)))
      .digest('hex'),
  };
}

/** Every page under `dir` (default schemas/) with its defaults filled in, by file (schemas/<folder>/<name>.json). */
export function filledInPages(dir?: string): Map<string, AnyPageSchema> {
  const out = new Map<string, AnyPageSchema>();
  for (const { file, schema } of readSchemaFiles(dir)) {
    const res = validatePageSchema(schema, file);
    if (!res.ok) throw new Error(`${file}: ${res.errors.map((e) => `${e.path} ${e.message}`).join('; ')}`);
    out.set(file, res.schema);
  }
  return out;
}

export const pageShapes = (pages = filledInPages()): Record<string, PageShape> =>
  Object.fromEntries([...pages].map(([file, page]) => [file, pageShape(page)]));
