// Fields naming another team of the platform by its code (`teamLookup`, e.g. 伙伴信息's 关联平台团队 when a partner
// is also a team here): the code is typed, never chosen from a list of every team, and looked up on each save.
// An unknown code, or the caller's own team, is refused with a message; of the other team only its name is kept
// (<field>Name), for lists and prints — nothing else of it is read.
import type { TenantTx } from '../../db/tenant-scope';
import { badRequest } from '../../errors';
import { isBlank } from '../../../common/expr/values';
import type { ModuleSchema } from './schema-registry';

type Row = Record<string, unknown>;

export async function lookupTeams(trx: TenantTx, tenant: string, m: ModuleSchema, data: Row) {
  for (const f of m.fields.filter((x) => x.teamLookup)) {
    const v = data[f.fieldName];
    if (isBlank(v)) {
      delete data[f.fieldName];
      delete data[`${f.fieldName}Name`];
      continue;
    }
    if (typeof v !== 'string') throw badRequest(`${f.titleName}格式不正确`);
    const code = v.trim().toUpperCase();
    if (!/^[A-Z0-9_-]{1,40}$/.test(code)) throw badRequest(`${f.titleName}「${v.slice(0, 40)}」不是有效的团队编号`);
    if (code === tenant.toUpperCase()) throw badRequest(`${f.titleName}不能是本团队`);
    const team = await trx
      .selectFrom('tenants')
      .select('tenant_name')
      .where('tenant_code', '=', code)
      .executeTakeFirst();
    if (!team) throw badRequest(`${f.titleName}「${code}」不存在，请核对对方的团队编号`);
    data[f.fieldName] = code;
    data[`${f.fieldName}Name`] = team.tenant_name;
  }
}
