// Numbers a team keeps per field (工号 YG001, YG002…: field `autoNumber`): a blank value gets one past the highest
// number in use with the field's prefix. Taken under a transaction-scoped advisory lock per team, module and field,
// so two records saved at once never get the same number; the page's unique rule guards hand-typed ones.
import { sql } from 'kysely';
import type { TenantTx } from '../../db/tenant-scope';
import { lockNames } from '../../db/advisory-locks';
import { isBlank } from '../../../common/expr/values';
import type { ModuleSchema } from './schema-registry';

type Row = Record<string, unknown>;

/** `body` with every blank autoNumber field filled (the fields a body does not carry stay as they are). */
export async function withAutoNumbers(
  trx: TenantTx,
  tenant: string,
  m: ModuleSchema,
  body: Row,
  creating: boolean,
): Promise<Row> {
  const blank = m.fields.filter((f) => f.autoNumber && (creating || f.fieldName in body) && isBlank(body[f.fieldName]));
  if (!blank.length) return body;
  const out = { ...body };
  for (const f of blank) {
    const { prefix, digits = 3 } = f.autoNumber!;
    await lockNames(trx, [`autoNumber:${tenant}:${m.schema.module}:${f.fieldName}`]);
    // The prefix is letters, digits and '-' (meta-schema): safe inside the pattern as it is. The position is cast:
    // a text parameter would make substring(… FROM …) read it as a pattern.
    const { rows } = await sql<{
      n: string | null;
    }>`SELECT max(substring(r.data->>${f.fieldName} FROM ${prefix.length + 1}::int)::numeric) AS n
      FROM records r WHERE r.tenant_code = ${tenant} AND r.module = ${m.schema.module} AND r.deleted_at IS NULL
      AND r.data->>${f.fieldName} ~ ${`^${prefix}[0-9]{1,12}$`}`.execute(trx);
    out[f.fieldName] = `${prefix}${String(Number(rows[0]?.n ?? 0) + 1).padStart(digits, '0')}`;
  }
  return out;
}
