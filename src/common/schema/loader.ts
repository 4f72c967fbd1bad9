// Validates a page schema against schemas/page.schema.json. Shared by the browser (error page,
// playground), the tests and the server, so it imports no React or browser APIs.
import type { ErrorObject } from 'ajv';
// schemas/page.schema.json compiled ahead of time (scripts/page-validator.mjs): no compiling at run time.
import { objectShapes, validate } from './page-validator.generated.js';
import { withPageDefaults } from './page-defaults';
import { didYouMean, suggest } from './suggest';
import type { AnyPageSchema } from './types';

export interface SchemaError {
  /** The schema file the error belongs to, as given by the caller. */
  file: string;
  /** JSON pointer into the page schema, '' for the root. */
  path: string;
  message: string;
  /** For a property the meta-schema does not allow: the allowed names closest to it (requireAble for required). */
  suggestions?: string[];
}

/** A valid schema is a record page (PageSchema, with `list`) or a dictionary page (isDictionaryPage). */
export type LoadResult = { ok: true; schema: AnyPageSchema; errors: [] } | { ok: false; errors: SchemaError[] };

function describe(e: ErrorObject): string {
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required':
      return `缺少必填属性 ${String(p.missingProperty)}`;
    case 'additionalProperties':
      return `不允许的属性 ${String(p.additionalProperty)}`;
    case 'enum':
      return `取值必须是 ${(p.allowedValues as unknown[]).map(String).join(', ')} 之一`;
    case 'type':
      return `类型必须是 ${String(p.type)}`;
    default:
      return e.message ?? e.keyword;
  }
}

/** ajv reports each failed branch of oneOf/if; keep the errors that say something concrete. */
function useful(errors: ErrorObject[]): ErrorObject[] {
  const concrete = errors.filter((e) => !['oneOf', 'anyOf', 'if', 'not'].includes(e.keyword));
  const list = concrete.length ? concrete : errors;
  const seen = new Set<string>();
  return list.filter((e) => {
    const k = `${e.instancePath}|${describe(e)}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** The value at a JSON pointer of `root`, or undefined. */
function at(root: unknown, pointer: string): unknown {
  let v = root;
  for (const part of pointer.split('/').slice(1)) {
    if (!v || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return v;
}

/**
 * The allowed names closest to a property the meta-schema refused: among the closed objects of the meta-schema whose
 * properties hold all the object's other properties (the object it is meant to be), else among all of them.
 */
function allowedNear(value: unknown, e: ErrorObject): string[] {
  const bad = String((e.params as { additionalProperty?: unknown }).additionalProperty);
  const obj = at(value, e.instancePath);
  const others = obj && typeof obj === 'object' ? Object.keys(obj).filter((k) => k !== bad) : [];
  const fitting = objectShapes.filter((names) => others.every((k) => names.includes(k)));
  return suggest(bad, (fitting.length ? fitting : objectShapes).flat());
}

/** Checks `value` (parsed JSON) and returns it typed, or every error with its file and JSON pointer. */
export function validatePageSchema(value: unknown, file: string): LoadResult {
  // A valid page comes back with what it leaves to defaults filled in (page-defaults.ts).
  if (validate(value)) return { ok: true, schema: withPageDefaults(value as AnyPageSchema), errors: [] };
  const errors = useful(validate.errors ?? []).map((e): SchemaError => {
    if (e.keyword !== 'additionalProperties') return { file, path: e.instancePath, message: describe(e) };
    const suggestions = allowedNear(value, e);
    return { file, path: e.instancePath, message: `${describe(e)}${didYouMean(suggestions)}`, suggestions };
  });
  return { ok: false, errors };
}

/** Parses JSON text first, so a syntax error is reported the same way (path '' and the parser's message). */
export function loadPageSchemaText(text: string, file: string): LoadResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return { ok: false, errors: [{ file, path: '', message: `JSON 格式错误：${(err as Error).message}` }] };
  }
  return validatePageSchema(value, file);
}
