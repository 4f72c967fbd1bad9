// The references the JSON data the server plays may hold — a demo record's (demo/README.md), a new team's starter
// records (catalogue/starter.json) — resolved when each record is made: people by
// username, dictionary items by field key and name, roles by key, earlier records of the story by ref, and
// dates counted in days before today. Everything else is taken as written.
import { dateAgo } from './dates';

type Row = Record<string, unknown>;

export interface Lookups {
  user(username: string): number;
  dict(fieldKey: string, name: string): number;
  role(roleKey: string): number;
  /** An earlier record of the story: its id or its code. */
  record(ref: string, prop: 'id' | 'code'): number | string;
  /** A record an earlier record's effects made (e.g. the payable of a purchase's 到货入库): its id or code. */
  made(ref: string, module: string, prop: 'id' | 'code'): number | string;
  /** A file the seed stored for the team under this name (demo/README.md: `$file`), as an upload value item. */
  file(name: string): { url: string; name: string };
}

/** Every reference of one kind (`$file`, `$made`, `$dict`) in a value: the objects naming it with a text. */
function refsOf(v: unknown, key: string, into: Row[] = []): Row[] {
  if (Array.isArray(v)) v.forEach((x) => refsOf(x, key, into));
  else if (v && typeof v === 'object') {
    const o = v as Row;
    if (typeof o[key] === 'string') into.push(o);
    else Object.values(o).forEach((x) => refsOf(x, key, into));
  }
  return into;
}

const addTexts = (refs: Row[], key: string, into: Set<string>) => {
  for (const o of refs) into.add(o[key] as string);
  return into;
};

/** The names of every `{ "$file": name }` in a demo value (the seed stores those files before the story). */
export const fileNames = (v: unknown, into = new Set<string>()) => addTexts(refsOf(v, '$file'), '$file', into);

/** The refs every `{ "$made": ref }` in a demo value names (only their records' effects are looked up). */
export const madeRefs = (v: unknown, into = new Set<string>()) => addTexts(refsOf(v, '$made'), '$made', into);

/** Every `{ "$dict": fieldKey, "name": … }` of a value, as [fieldKey, name] (read before resolve, which is synchronous). */
export const dictRefs = (v: unknown): [string, string][] =>
  refsOf(v, '$dict').map((o) => [o.$dict as string, String(o.name)]);

/** A date `days` days ago (negative: to come), as YYYY-MM-DD, or written into a text such as `CG{YYYYMMDD}0001` or `{YYYY-MM}`. */
function date(days: unknown, as: unknown): string {
  if (typeof days !== 'number' || !Number.isInteger(days))
    throw new Error(`$date must be a whole number of days ago, not ${JSON.stringify(days)}`);
  const d = dateAgo(days);
  if (as === undefined) return d;
  if (typeof as !== 'string') throw new Error('$date "as" must be a text');
  return as
    .replaceAll('{YYYY-MM-DD}', d)
    .replaceAll('{YYYYMMDD}', d.replaceAll('-', ''))
    .replaceAll('{YYYY-MM}', d.slice(0, 7));
}

export function resolve(v: unknown, look: Lookups): unknown {
  if (Array.isArray(v)) return v.map((x) => resolve(x, look));
  if (!v || typeof v !== 'object') return v;
  const o = v as Row;
  if ('$user' in o) return look.user(String(o.$user));
  if ('$dict' in o) return look.dict(String(o.$dict), String(o.name));
  if ('$role' in o) return look.role(String(o.$role));
  if ('$ref' in o) {
    if (o.prop !== undefined && o.prop !== 'id' && o.prop !== 'code')
      throw new Error(`$ref prop must be id or code, not ${String(o.prop)}`);
    return look.record(String(o.$ref), o.prop === 'code' ? 'code' : 'id');
  }
  if ('$made' in o) {
    if (typeof o.module !== 'string') throw new Error('$made needs the module of the record it names');
    return look.made(String(o.$made), o.module, o.prop === 'code' ? 'code' : 'id');
  }
  if ('$date' in o) return date(o.$date, o.as);
  if ('$file' in o) return look.file(String(o.$file));
  const out: Row = {};
  for (const [k, x] of Object.entries(o)) {
    if (k.startsWith('$')) throw new Error(`unknown reference ${k}`);
    out[k] = resolve(x, look);
  }
  return out;
}
