// The meta-schema (schemas/page.schema.json) as reference tables: the page's properties, then one section per
// definition, each property with its type (and limits), whether it is required, its description and an example.
// Inline objects are listed in place under dotted paths (print.totals[].field); a property naming a definition
// links to its section instead.
import { bestExample, type Example, type SchemaNode } from './examples';
import { anchorOf, code, prose, table } from './markdown';

type Json = SchemaNode[string];

const isObject = (v: Json | undefined): v is SchemaNode => typeof v === 'object' && v !== null && !Array.isArray(v);
const nodesOf = (v: Json | undefined): SchemaNode[] => (Array.isArray(v) ? v.filter(isObject) : []);

/** The definition a $ref names: `#` is the page itself. */
const refName = (ref: string) => (ref === '#' ? 'page' : (ref.split('/').pop() ?? ref));
const link = (ref: string) => `[${refName(ref)}](#${anchorOf(refName(ref))})`;

/** Limits worth knowing beside the type: pattern, lengths, counts, bounds, default. */
function limits(node: SchemaNode): string[] {
  const out: string[] = [];
  const range = (lo: Json | undefined, hi: Json | undefined, what: string) => {
    if (typeof lo === 'number' && typeof hi === 'number') out.push(lo === hi ? `${lo} ${what}` : `${lo}–${hi} ${what}`);
    else if (typeof lo === 'number') out.push(`≥ ${lo} ${what}`);
    else if (typeof hi === 'number') out.push(`≤ ${hi} ${what}`);
  };
  if (typeof node.pattern === 'string') out.push(`pattern ${code(node.pattern)}`);
  if (typeof node.format === 'string') out.push(`format ${node.format}`);
  range(node.minLength, node.maxLength, 'characters');
  range(node.minItems, node.maxItems, 'items');
  range(node.minProperties, node.maxProperties, 'entries');
  if (typeof node.minimum === 'number') out.push(`≥ ${node.minimum}`);
  if (typeof node.maximum === 'number') out.push(`≤ ${node.maximum}`);
  if ('default' in node) out.push(`default ${code(JSON.stringify(node.default))}`);
  return out;
}

/** A readable type: string, array of [field](#def-field), "a" \| "b", map of string, object… */
export function typeOf(node: Json | undefined): string {
  if (node === true || (isObject(node) && !Object.keys(node).some((k) => k !== 'description' && k !== 'examples')))
    return 'any';
  if (!isObject(node)) return node === false ? 'never' : 'any';
  if (typeof node.$ref === 'string') return link(node.$ref);
  if (Array.isArray(node.enum)) return node.enum.map((v) => code(JSON.stringify(v))).join(' | ');
  if ('const' in node) return code(JSON.stringify(node.const));
  const own = ['type', 'properties', 'items', 'additionalProperties'].some((k) => k in node);
  const branches = [...nodesOf(node.oneOf), ...nodesOf(node.anyOf)];
  if (!own && branches.length) return branches.map(typeOf).join(' or ');
  const types =
    typeof node.type === 'string'
      ? [node.type]
      : Array.isArray(node.type)
        ? node.type.filter((t): t is string => typeof t === 'string')
        : [];
  if (!types.length)
    types.push(
      isObject(node.properties) || 'additionalProperties' in node ? 'object' : 'items' in node ? 'array' : 'any',
    );
  return types
    .map((t) => {
      if (t === 'array')
        return `array of ${isObject(node.items) && isObject(node.items.properties) ? 'object' : typeOf(node.items)}`;
      if (t === 'object' && !isObject(node.properties) && isObject(node.additionalProperties)) {
        const value = node.additionalProperties;
        return `map of ${isObject(value.properties) ? 'object' : typeOf(value)}`;
      }
      return t;
    })
    .join(' or ');
}

export interface PropertyRow {
  path: string;
  type: string;
  required: boolean;
  description: string;
  example?: { text: string; file: string };
}

/** The rows of an object node's properties, inline objects below them under dotted paths. */
export function propertyRows(node: SchemaNode, examples: Map<SchemaNode, Example[]>, prefix = ''): PropertyRow[] {
  const rows: PropertyRow[] = [];
  const seen = new Set<string>();
  const add = (row: PropertyRow) => {
    const key = `${row.path}|${row.description}`;
    if (!seen.has(key)) rows.push(row);
    seen.add(key);
  };
  const walk = (at: SchemaNode, pre: string) => {
    const required = new Set(Array.isArray(at.required) ? at.required : []);
    if (isObject(at.properties)) {
      for (const [name, prop] of Object.entries(at.properties)) {
        if (!isObject(prop)) continue;
        const explicit =
          Array.isArray(prop.examples) && prop.examples.length
            ? { text: JSON.stringify(prop.examples[0]), file: 'meta-schema' }
            : undefined;
        add({
          path: `${pre}${name}`,
          type: [typeOf(prop), ...limits(prop)].join(', '),
          required: required.has(name),
          description: typeof prop.description === 'string' ? prop.description : '',
          example: explicit ?? bestExample(examples.get(prop)),
        });
        inline(prop, `${pre}${name}`);
      }
    }
    for (const b of [...nodesOf(at.oneOf), ...nodesOf(at.anyOf)]) if (isObject(b.properties)) walk(b, pre);
  };
  const inline = (prop: SchemaNode, path: string) => {
    if (typeof prop.$ref === 'string') return;
    if (isObject(prop.properties)) walk(prop, `${path}.`);
    if (isObject(prop.items) && isObject(prop.items.properties)) walk(prop.items, `${path}[].`);
    if (isObject(prop.additionalProperties) && isObject(prop.additionalProperties.properties))
      walk(prop.additionalProperties, `${path}.<name>.`);
    for (const b of [...nodesOf(prop.oneOf), ...nodesOf(prop.anyOf)]) {
      if (isObject(b.properties)) walk(b, `${path}.`);
      if (isObject(b.items) && isObject(b.items.properties)) walk(b.items, `${path}[].`);
      if (isObject(b.additionalProperties) && isObject(b.additionalProperties.properties))
        walk(b.additionalProperties, `${path}.<name>.`);
    }
  };
  walk(node, prefix);
  return rows;
}

/** A property table in Markdown. */
export function propertyTable(rows: PropertyRow[]): string {
  return table(
    ['Property', 'Type', 'Required', 'Description', 'Example'],
    rows.map((r) => [
      code(r.path),
      r.type,
      r.required ? 'yes' : '',
      prose(r.description),
      r.example ? `${code(r.example.text)} (${r.example.file.replace(/^schemas\//, '').replace(/\.json$/, '')})` : '—',
    ]),
  );
}

/** The page's section and one per definition, in the meta-schema's order. */
export function metaSchemaSections(meta: SchemaNode, examples: Map<SchemaNode, Example[]>): string {
  const out: string[] = [];
  const kinds = nodesOf(meta.oneOf).map(
    (k) =>
      `- ${prose(typeof k.description === 'string' ? k.description : '')} Needs ${(Array.isArray(k.required) ? k.required : []).map((r) => code(String(r))).join(', ')}.`,
  );
  out.push(
    `## <a id="${anchorOf('page')}"></a>The page`,
    '',
    prose(String(meta.description ?? '')),
    '',
    'A page is one of these kinds:',
    '',
    ...kinds,
    '',
    propertyTable(propertyRows(meta, examples)),
    '',
  );
  out.push('## Definitions', '');
  const defs = isObject(meta.$defs) ? meta.$defs : {};
  for (const [name, def] of Object.entries(defs)) {
    if (!isObject(def)) continue;
    out.push(`### <a id="${anchorOf(name)}"></a>${name}`, '', prose(String(def.description ?? '')), '');
    const rows = propertyRows(def, examples);
    const shape = [typeOf(def), ...limits(def)].join(', ');
    if (typeof def.$ref === 'string')
      out.push(
        `The same properties as ${link(def.$ref)}, less those set to false here: ${Object.entries(
          isObject(def.properties) ? def.properties : {},
        )
          .filter(([, v]) => v === false)
          .map(([k]) => code(k))
          .join(', ')}.`,
        '',
      );
    else if (rows.length) out.push(propertyTable(rows), '');
    else out.push(`Type: ${shape}.`, '');
    const example = bestExample(examples.get(def));
    if (example && !rows.length)
      out.push(`Example: ${code(example.text)} (${example.file.replace(/^schemas\//, '').replace(/\.json$/, '')})`, '');
  }
  return out.join('\n');
}

/** Every property of the meta-schema without a description, as its JSON pointer (if/then/not rules left out). */
export function undescribed(meta: SchemaNode): string[] {
  const out: string[] = [];
  const walk = (node: Json, at: string) => {
    if (Array.isArray(node)) return node.forEach((v, i) => walk(v, `${at}/${i}`));
    if (!isObject(node)) return;
    if (isObject(node.properties)) {
      for (const [k, v] of Object.entries(node.properties))
        if (isObject(v) && typeof v.description !== 'string') out.push(`${at}/properties/${k}`);
    }
    for (const [k, v] of Object.entries(node))
      if (!['if', 'then', 'else', 'not', 'propertyNames'].includes(k)) walk(v, `${at}/${k}`);
  };
  walk(meta, '');
  return out;
}

/** Every property of the meta-schema that neither gives `examples` nor is used by any page, as its JSON pointer. */
export function withoutExample(meta: SchemaNode, examples: Map<SchemaNode, Example[]>): string[] {
  const out: string[] = [];
  const walk = (node: Json, at: string) => {
    if (Array.isArray(node)) return node.forEach((v, i) => walk(v, `${at}/${i}`));
    if (!isObject(node)) return;
    if (isObject(node.properties)) {
      for (const [k, v] of Object.entries(node.properties)) {
        if (isObject(v) && !(Array.isArray(v.examples) && v.examples.length) && !examples.get(v)?.length)
          out.push(`${at}/properties/${k}`);
      }
    }
    for (const [k, v] of Object.entries(node))
      if (!['if', 'then', 'else', 'not', 'propertyNames'].includes(k)) walk(v, `${at}/${k}`);
  };
  walk(meta, '');
  return out;
}
