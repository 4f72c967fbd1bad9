// Examples for the schema reference, taken from the pages under schemas/: every page is walked beside the
// meta-schema, and each property node of the meta-schema collects the values the pages give it. The reference shows
// the shortest (after abbreviation), so an example is always one a real page uses.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type SchemaNode = { [key: string]: Json };

export interface Example {
  value: Json;
  /** The page that gives it: schemas/<folder>/<name>.json. */
  file: string;
}

const isObject = (v: Json | undefined): v is { [key: string]: Json } =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The node a $ref names (# or #/…), in the meta-schema `root`. */
export function resolveRef(root: SchemaNode, ref: string): SchemaNode | undefined {
  if (ref === '#') return root;
  let at: Json = root;
  for (const part of ref.replace(/^#\//, '').split('/')) at = isObject(at) ? at[part] : null;
  return isObject(at) ? at : undefined;
}

/** Whether a value can be the branch of a oneOf / anyOf: its type, its required properties, a closed object's names. */
function fits(root: SchemaNode, branch: SchemaNode, value: Json): boolean {
  const node = typeof branch.$ref === 'string' ? (resolveRef(root, branch.$ref) ?? branch) : branch;
  const types = typeof node.type === 'string' ? [node.type] : Array.isArray(node.type) ? node.type : [];
  const kind = Array.isArray(value)
    ? 'array'
    : value === null
      ? 'null'
      : typeof value === 'object'
        ? 'object'
        : typeof value;
  if (types.length && !types.some((t) => t === kind || (t === 'integer' && kind === 'number'))) return false;
  if (Array.isArray(node.enum)) return node.enum.some((x) => JSON.stringify(x) === JSON.stringify(value));
  if ('const' in node) return JSON.stringify(node.const) === JSON.stringify(value);
  if (isObject(node.properties) || Array.isArray(node.required)) {
    if (!isObject(value)) return false;
    const required = Array.isArray(node.required) ? node.required : [];
    if (!required.every((r) => typeof r === 'string' && r in value)) return false;
    if (node.additionalProperties === false && isObject(node.properties)) {
      const names = node.properties;
      if (!Object.keys(value).every((k) => k in names)) return false;
    }
  }
  return true;
}

/** Collects, for every property node of the meta-schema, the values the given pages give it. */
export function collectExamples(
  root: SchemaNode,
  pages: { file: string; schema: unknown }[],
): Map<SchemaNode, Example[]> {
  const found = new Map<SchemaNode, Example[]>();
  const note = (node: SchemaNode, value: Json, file: string) => {
    const list = found.get(node) ?? [];
    list.push({ value, file });
    found.set(node, list);
  };
  const walk = (node: SchemaNode, value: Json, file: string, depth: number) => {
    if (depth > 40) return;
    if (typeof node.$ref === 'string') {
      const target = resolveRef(root, node.$ref);
      // A definition's own examples: the values wherever a page uses it.
      if (target && target !== root) note(target, value, file);
      if (target) walk(target, value, file, depth + 1);
    }
    for (const key of ['oneOf', 'anyOf', 'allOf'] as const) {
      const branches = node[key];
      if (!Array.isArray(branches)) continue;
      for (const b of branches)
        if (isObject(b) && (key === 'allOf' || fits(root, b, value))) walk(b, value, file, depth + 1);
    }
    if (isObject(value) && isObject(node.properties)) {
      for (const [k, v] of Object.entries(value)) {
        const prop = node.properties[k];
        if (!isObject(prop)) continue;
        note(prop, v, file);
        walk(prop, v, file, depth + 1);
      }
    }
    if (isObject(value) && isObject(node.additionalProperties)) {
      const declared = isObject(node.properties) ? node.properties : {};
      for (const [k, v] of Object.entries(value))
        if (!(k in declared)) walk(node.additionalProperties, v, file, depth + 1);
    }
    if (Array.isArray(value) && isObject(node.items)) for (const v of value) walk(node.items, v, file, depth + 1);
  };
  // The pages are parsed JSON files: JSON values all through.
  for (const p of pages) walk(root, p.schema as Json, p.file, 0);
  return found;
}

/** A value in at most about `budget` characters of JSON: long lists keep their first item, long objects their first keys. */
export function brief(value: Json, budget = 70): string {
  const whole = JSON.stringify(value);
  if (whole.length <= budget) return whole;
  if (typeof value === 'string')
    return `${JSON.stringify([...value].slice(0, Math.max(8, budget - 6)).join('')).slice(0, -1)}…"`;
  if (Array.isArray(value)) return value.length ? `[${brief(value[0], budget - 6)}, …]` : '[]';
  if (isObject(value)) {
    const parts: string[] = [];
    let used = 2;
    for (const [k, v] of Object.entries(value)) {
      const part = `${JSON.stringify(k)}: ${brief(v, Math.max(12, Math.floor(budget / 3)))}`;
      if (parts.length && used + part.length > budget) break;
      parts.push(part);
      used += part.length + 2;
    }
    return `{ ${parts.join(', ')}${parts.length < Object.keys(value).length ? ', …' : ''} }`;
  }
  return whole;
}

const isEmpty = (v: Json) => v === '' || (Array.isArray(v) && !v.length) || (isObject(v) && !Object.keys(v).length);

/**
 * The example a reference shows for a node: of the non-empty values the pages give, the one whose abbreviation is
 * closest to 24 characters (long enough to say something, as `"sum(lines, \"price\")"` does and `"1"` does not;
 * short enough for a table), the first of equals; or none.
 */
export function bestExample(examples: Example[] | undefined): { text: string; file: string } | undefined {
  let best: { text: string; file: string; score: number } | undefined;
  for (const e of examples ?? []) {
    const text = brief(e.value);
    const score = Math.abs(text.length - 24) + (isEmpty(e.value) ? 1000 : 0);
    if (!best || score < best.score) best = { text, file: e.file, score };
  }
  return best && { text: best.text, file: best.file };
}
