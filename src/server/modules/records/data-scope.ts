// Role data scope (/userManage roles): which records of a team a member sees at all, as one SQL condition over the
// records `r`, by the record's creator (created_by) and the creator's department (memberships.dept_id). 全部 (all)
// adds nothing; 本部门及下级 (deptTree) takes the member's department and every department under it in the dept
// dictionary tree; 本部门 (dept) the member's department; 仅本人 (self) his own records. Whatever the scope, a member
// also sees the records he created, is named in as their person (his attendance, his appraisal), must approve or
// was copied on (so 待我审批 and 抄送我的 keep working). The gate applies it to every read and write
// (records/gate.ts); record pickers do not (a reference to a customer or material must stay pickable and readable
// by name), and row-level security stays the team wall underneath.
import { sql, type RawBuilder } from 'kysely';
import type { DataScope } from '../../db/types';

/**
 * The records of the team the caller's scope lets him see, or null for 全部. `personFields`: the page's fields
 * naming the person a record is about or who works on it (applicantField, editableBy): his attendance, his
 * appraisal and the one he scores are his own work too, whoever created them.
 */
export function dataScopeSql(
  tenant: string,
  userId: number,
  scope: DataScope | undefined,
  personFields: string[] = [],
): RawBuilder<unknown> | null {
  if (!scope || scope === 'all') return null;
  const named = personFields.map((f) => sql` OR r.data->>${f} = ${String(userId)}`);
  const own = sql`(r.created_by = ${userId}${sql.join(named, sql``)}
    OR r.id IN (SELECT pi.record_id FROM tasks t JOIN process_instances pi ON pi.tenant_code = t.tenant_code AND pi.id = t.instance_id WHERE t.tenant_code = ${tenant} AND t.assignee_id = ${userId})
    OR r.id IN (SELECT record_id FROM process_cc WHERE tenant_code = ${tenant} AND user_id = ${userId}))`;
  if (scope === 'self') return own;
  const myDept = sql`(SELECT dept_id FROM memberships WHERE tenant_code = ${tenant} AND user_id = ${userId})`;
  const depts =
    scope === 'dept'
      ? sql`SELECT ${myDept}`
      : sql`WITH RECURSIVE sub AS (
        SELECT id FROM dictionaries WHERE id = ${myDept} AND tenant_code = ${tenant} AND field_key = 'dept'
        UNION ALL SELECT d.id FROM dictionaries d JOIN sub ON d.parent_id = sub.id WHERE d.tenant_code = ${tenant} AND d.field_key = 'dept'
      ) SELECT id FROM sub`;
  return sql`(${own} OR r.created_by IN (SELECT m.user_id FROM memberships m WHERE m.tenant_code = ${tenant} AND m.dept_id IN (${depts})))`;
}
