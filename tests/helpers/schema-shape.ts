// Compares the shape of two JSON schemas of one language: the hand-kept meta-schema (schemas/page.schema.json) and the
// schema generated from the TypeScript types (src/common/schema/types.ts). Both are walked side by side from their
// roots, so neither needs the other's definition names: at every place the property names, the required lists, the
// enum values and the kinds of value (string, number, boolean, object, array…) must agree. What only the meta-schema
// says (patterns, lengths, if/then, descriptions) is not compared: the types cannot say it.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };
/** A schema node: an object, or true / false (anything / nothing). */
type Node = JsonObject | boolean;

interface Side {
  root: JsonObject;
}

interface Located {
  node: Node;
  side: Side;
}

type Variant =
  | { kind: 'any' }
  | { kind: 'never' }
  | { kind: 'string' | 'number' | 'boolean' | 'null' }
  | { kind: 'enum'; values: Set<string> }
  | { kind: 'array'; items: Located }
  | { kind: 'object'; props: Map<string, Located>; required: Set<string>; additional: Located | 'closed' | 'open' };

const isObject = (v: Json | undefined): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);
const strings = (v: Json | undefined): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
const nodes = (v: Json | undefined): Node[] =>
  Array.isArray(v) ? v.filter((x): x is Node => typeof x === 'boolean' || isObject(x)) : [];

function resolve(ref: string, side: Side): Node {
  if (ref === '#') return side.root;
  if (!ref.startsWith('#/')) throw new Error(`unsupported $ref ${ref}`);
  let at: Json = side.root;
  for (const part of ref.slice(2).split('/')) {
    if (!isObject(at) || !(part in at)) throw new Error(`unresolved $ref ${ref}`);
    at = at[part];
  }
  if (typeof at !== 'boolean' && !isObject(at)) throw new Error(`$ref ${ref} is not a schema`);
  return at;
}

/** Keywords that make a node a value of its own; without them, oneOf / anyOf list the values it may be. */
const OWN = ['type', 'properties', 'enum', 'const', 'items', 'additionalProperties'];

/**
 * oneOf branches that only choose among the node's properties (required, propertyNames, not: required): the page
 * kinds of the meta-schema's root. Each branch is a value of its own, holding the properties it allows.
 */
function choosesProperties(branches: Node[]): boolean {
  return (
    branches.length > 0 &&
    branches.every((b) => isObject(b) && !('type' in b) && !('properties' in b)) &&
    branches.some((b) => isObject(b) && ('propertyNames' in b || 'not' in b))
  );
}

function excludedBy(branch: JsonObject): Set<string> {
  const out = new Set<string>();
  const not = branch.not;
  if (isObject(not))
    for (const alt of nodes(not.anyOf)) if (isObject(alt)) for (const r of strings(alt.required)) out.add(r);
  return out;
}

function objectVariant(node: JsonObject, side: Side): Variant & { kind: 'object' } {
  const props = new Map<string, Located>();
  const declared = node.properties;
  if (isObject(declared)) {
    for (const [name, schema] of Object.entries(declared)) {
      if (schema === false) continue;
      if (schema === true || isObject(schema)) props.set(name, { node: schema, side });
    }
  }
  const more = node.additionalProperties;
  // A map of anything ({} or true, Record<string, unknown>) is an open object.
  const anything =
    more === undefined || more === true || (isObject(more) && Object.keys(more).every((k) => k === 'description'));
  const additional: Located | 'closed' | 'open' =
    more === false ? 'closed' : anything || !isObject(more) ? 'open' : { node: more, side };
  return { kind: 'object', props, required: new Set(strings(node.required)), additional };
}

/** The values a node allows, as a list of variants (a union has several). */
export function variants(located: Located): Variant[] {
  const { node, side } = located;
  if (node === true) return [{ kind: 'any' }];
  if (node === false) return [{ kind: 'never' }];
  if (typeof node.$ref === 'string') {
    const target = variants({ node: resolve(node.$ref, side), side });
    // Keywords beside a $ref narrow it: properties set to false are taken away (and a value requiring one goes),
    // required ones are added (the meta-schema's entity is its root without the page-level properties).
    const beside = isObject(node.properties) ? node.properties : {};
    const removed = new Set(Object.keys(beside).filter((k) => beside[k] === false));
    const required = strings(node.required);
    return target.flatMap((v): Variant[] => {
      if (v.kind !== 'object') return [v];
      if ([...v.required].some((r) => removed.has(r))) return [];
      const props = new Map([...v.props].filter(([k]) => !removed.has(k)));
      return [{ ...v, props, required: new Set([...v.required, ...required]) }];
    });
  }
  const own = OWN.some((k) => k in node);
  const branches = [...nodes(node.oneOf), ...nodes(node.anyOf)];
  if (!own && branches.length) return merge(branches.flatMap((b) => variants({ node: b, side })));
  const out: Variant[] = [];
  if ('const' in node) out.push({ kind: 'enum', values: new Set([JSON.stringify(node.const)]) });
  else if (Array.isArray(node.enum))
    out.push({ kind: 'enum', values: new Set(node.enum.map((v) => JSON.stringify(v))) });
  else {
    const types = typeof node.type === 'string' ? [node.type] : strings(node.type);
    if (!types.length && (isObject(node.properties) || 'additionalProperties' in node)) types.push('object');
    if (!types.length && 'items' in node) types.push('array');
    for (const t of types) {
      if (t === 'object') {
        const base = objectVariant(node, side);
        const kinds = nodes(node.oneOf);
        if (!choosesProperties(kinds)) out.push(base);
        else {
          for (const kind of kinds) {
            if (!isObject(kind)) continue;
            const allowed = isObject(kind.propertyNames) ? new Set(strings(kind.propertyNames.enum)) : null;
            const excluded = excludedBy(kind);
            const props = new Map([...base.props].filter(([k]) => (allowed ? allowed.has(k) : !excluded.has(k))));
            out.push({ ...base, props, required: new Set([...base.required, ...strings(kind.required)]) });
          }
        }
      } else if (t === 'array') {
        const items = node.items;
        out.push({
          kind: 'array',
          items: {
            node: items === undefined ? true : isObject(items) || typeof items === 'boolean' ? items : true,
            side,
          },
        });
      } else if (t === 'integer' || t === 'number') out.push({ kind: 'number' });
      else if (t === 'string' || t === 'boolean' || t === 'null') out.push({ kind: t });
    }
  }
  return out.length ? merge(out) : [{ kind: 'any' }];
}

/** One enum variant for all literals of a union; a number variant once. */
function merge(vs: Variant[]): Variant[] {
  const out: Variant[] = [];
  let literals: Set<string> | null = null;
  const simple = new Set<string>();
  for (const v of vs) {
    if (v.kind === 'enum') {
      literals ??= new Set();
      for (const x of v.values) literals.add(x);
    } else if (v.kind === 'object' || v.kind === 'array') out.push(v);
    else if (!simple.has(v.kind)) {
      simple.add(v.kind);
      out.push(v);
    }
  }
  if (literals) out.push({ kind: 'enum', values: literals });
  return out;
}

const kindName = (v: Variant) => v.kind;
const list = (xs: Iterable<string>) => [...xs].sort().join(', ');

/** Differences between the meta-schema (first) and the generated schema (second), one readable line each. */
export function compareShapes(meta: JsonObject, generated: JsonObject): string[] {
  const out: string[] = [];
  const seen = new Map<Node, Set<Node>>();
  walk({ node: meta, side: { root: meta } }, { node: generated, side: { root: generated } }, '', out, seen);
  return out;
}

function walk(a: Located, b: Located, path: string, out: string[], seen: Map<Node, Set<Node>>) {
  const pairs = seen.get(a.node) ?? new Set<Node>();
  if (pairs.has(b.node)) return;
  pairs.add(b.node);
  seen.set(a.node, pairs);
  const av = variants(a);
  const bv = variants(b);
  const at = path || '/';
  const ak = new Set(av.map(kindName));
  const bk = new Set(bv.map(kindName));
  if (list(ak) !== list(bk)) {
    out.push(`${at}: kinds differ: meta-schema ${list(ak)}; types ${list(bk)}`);
    return;
  }
  const ae = av.find((v) => v.kind === 'enum');
  const be = bv.find((v) => v.kind === 'enum');
  if (ae?.kind === 'enum' && be?.kind === 'enum') {
    const onlyA = [...ae.values].filter((x) => !be.values.has(x));
    const onlyB = [...be.values].filter((x) => !ae.values.has(x));
    if (onlyA.length) out.push(`${at}: values only in the meta-schema: ${list(onlyA)}`);
    if (onlyB.length) out.push(`${at}: values only in the types: ${list(onlyB)}`);
  }
  const aa = av.filter((v) => v.kind === 'array');
  const ba = bv.filter((v) => v.kind === 'array');
  if (aa.length === 1 && ba.length === 1 && aa[0].kind === 'array' && ba[0].kind === 'array')
    walk(aa[0].items, ba[0].items, `${path}[]`, out, seen);
  else if (aa.length !== ba.length)
    out.push(`${at}: ${aa.length} array values in the meta-schema, ${ba.length} in the types`);
  const ao = av.filter((v): v is Variant & { kind: 'object' } => v.kind === 'object');
  const bo = bv.filter((v): v is Variant & { kind: 'object' } => v.kind === 'object');
  for (const [x, y, label] of pairObjects(ao, bo, at, out)) compareObjects(x, y, `${path}${label}`, out, seen);
}

const overlap = (x: Set<string>, y: Set<string>) => {
  const common = [...x].filter((k) => y.has(k)).length;
  return common / (x.size + y.size - common || 1);
};

/** Pairs the object values of a union, each with the one of the other side sharing most property names. */
function pairObjects(
  ao: (Variant & { kind: 'object' })[],
  bo: (Variant & { kind: 'object' })[],
  at: string,
  out: string[],
): [Variant & { kind: 'object' }, Variant & { kind: 'object' }, string][] {
  if (ao.length === 1 && bo.length === 1) return [[ao[0], bo[0], '']];
  if (ao.length !== bo.length)
    out.push(`${at}: ${ao.length} object values in the meta-schema, ${bo.length} in the types`);
  const left = [...bo];
  const pairs: [Variant & { kind: 'object' }, Variant & { kind: 'object' }, string][] = [];
  for (const x of ao) {
    const names = new Set(x.props.keys());
    let best = -1;
    let score = -1;
    left.forEach((y, i) => {
      const s = overlap(names, new Set(y.props.keys()));
      if (s > score) [best, score] = [i, s];
    });
    if (best < 0) continue;
    const [y] = left.splice(best, 1);
    pairs.push([x, y, `<${list(x.required) || list(x.props.keys()).slice(0, 40)}>`]);
  }
  return pairs;
}

function compareObjects(
  a: Variant & { kind: 'object' },
  b: Variant & { kind: 'object' },
  path: string,
  out: string[],
  seen: Map<Node, Set<Node>>,
) {
  const at = path || '/';
  const onlyA = [...a.props.keys()].filter((k) => !b.props.has(k));
  const onlyB = [...b.props.keys()].filter((k) => !a.props.has(k));
  if (onlyA.length) out.push(`${at}: properties only in the meta-schema: ${list(onlyA)}`);
  if (onlyB.length) out.push(`${at}: properties only in the types: ${list(onlyB)}`);
  const reqA = [...a.required].filter((k) => !b.required.has(k));
  const reqB = [...b.required].filter((k) => !a.required.has(k));
  if (reqA.length) out.push(`${at}: required only in the meta-schema: ${list(reqA)}`);
  if (reqB.length) out.push(`${at}: required only in the types: ${list(reqB)}`);
  const closedness = (x: Located | 'closed' | 'open') => (typeof x === 'string' ? x : 'a map');
  if (closedness(a.additional) !== closedness(b.additional))
    out.push(`${at}: further properties: meta-schema ${closedness(a.additional)}, types ${closedness(b.additional)}`);
  else if (typeof a.additional !== 'string' && typeof b.additional !== 'string')
    walk(a.additional, b.additional, `${path}{}`, out, seen);
  for (const [name, schema] of a.props) {
    const other = b.props.get(name);
    if (other) walk(schema, other, `${path}/${name}`, out, seen);
  }
}
