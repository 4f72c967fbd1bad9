// Values of demo data files that refer to things instead of spelling them: people by username, dictionary
// items by name, dates relative to today, and records created earlier in the run (by their demo key).
import type { TenantTx } from '../db/tenant-scope';
import { todayInChina } from '../../common/defaults';

export interface DemoRefs {
  trx: TenantTx;
  tenant: string;
  /** Today (China time) the relative dates count from. */
  today: string;
  /** Records created so far, by their demo key: their flat values (id, code, fields). */
  records: Map<string, Record<string, unknown>>;
  users: Map<string, number>;
}

/** "-30d" → the date 30 days before today; "+5d" after; "-2m" → the same day two months back. */
export function relativeDate(spec: string, today = todayInChina()): string {
  const m = /^([+-]\d+)([dm])$/.exec(spec);
  if (!m) throw new Error(`demo data: a relative date reads like -30d or -2m, not "${spec}"`);
  const d = new Date(`${today}T00:00:00Z`);
  if (m[2] === 'd') d.setUTCDate(d.getUTCDate() + Number(m[1]));
  else d.setUTCMonth(d.getUTCMonth() + Number(m[1]));
  return d.toISOString().slice(0, 10);
}

async function dictId(r: DemoRefs, fieldKey: string, name: string) {
  const row = await r.trx.selectFrom('dictionaries').select('id').where('tenant_code', '=', r.tenant).where('field_key', '=', fieldKey)
    .where('dict_name', '=', name).orderBy('id').executeTakeFirst();
  if (!row) throw new Error(`demo data: no ${fieldKey} dictionary item named "${name}"`);
  return row.id;
}

/**
 * Resolves a value: { "$user": "zhangsan" }, { "$dict": "advanceType", "name": "差旅借支" }, { "$date": "-30d" },
 * { "$month": "-1m" }, { "$ref": "<demo key>", "prop": "code" }; arrays and objects are resolved item by item.
 */
export async function resolve(v: unknown, r: DemoRefs): Promise<unknown> {
  if (Array.isArray(v)) return Promise.all(v.map((x) => resolve(x, r)));
  if (!v || typeof v !== 'object') return v;
  const o = v as Record<string, unknown>;
  if (typeof o.$user === 'string') {
    const id = r.users.get(o.$user);
    if (id === undefined) throw new Error(`demo data: no user "${o.$user}"`);
    return id;
  }
  if (typeof o.$dict === 'string') return dictId(r, o.$dict, String(o.name));
  if (typeof o.$date === 'string') return relativeDate(o.$date, r.today);
  if (typeof o.$month === 'string') return relativeDate(o.$month, r.today).slice(0, 7);
  if (typeof o.$ref === 'string') {
    const rec = r.records.get(o.$ref);
    if (!rec) throw new Error(`demo data: "${o.$ref}" is not an earlier demo record`);
    return rec[typeof o.prop === 'string' ? o.prop : 'id'];
  }
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(o)) out[k] = await resolve(x, r);
  return out;
}
