// Role data scope (/userManage roles): which records of a team a member sees at all, as one SQL
// condition over the records `r`, by the record's creator (created_by) and the creator's department
// (memberships.dept_id). 全部 (all) adds nothing; 本部门及下级 (deptTree) takes the member's department and every
// department under it in the dept dictionary tree; 本部门 (dept) the member's department; 仅本人 (self) his own
// records. Whatever the scope, a member also sees the records he created, must approve or was copied on
// (so 待我审批 and 抄送我的 keep working). Lists, opening, changing, stage actions and printing all apply it
// (routes.ts); record pickers do not (a reference to a customer or material must stay pickable and readable by
// name), and row-level security stays the team wall underneath.
import { sql, type RawBuilder } from 'kysely';
import type { DataScope } from '../../db/types';

export const DATA_SCOPES: { value: DataScope; label: string }[] = [
  { value: 'all', label: '全部' },
  { value: 'deptTree', label: '本部门及下级' },
  { value: 'dept', label: '本部门' },
  { value: 'self', label: '仅本人' },
];

/** Widest first: the user's widest role wins. */
const WIDTH: DataScope[] = ['all', 'deptTree', 'dept', 'self'];

/** The widest of the user's roles' scopes (no role: only his own). */
export function widestScope(scopes: string[]): DataScope {
  const known = scopes.filter((s): s is DataScope => (WIDTH as string[]).includes(s));
  if (!known.length) return 'self';
  return WIDTH[Math.min(...known.map((s) => WIDTH.indexOf(s)))];
}

/** The records of the team the caller's scope lets him see, or null for 全部. */
export function dataScopeSql(tenant: string, userId: number, scope: DataScope | undefined): RawBuilder<unknown> | null {
  if (!scope || scope === 'all') return null;
  const own = sql`(r.created_by = ${userId}
    OR r.id IN (SELECT pi.record_id FROM tasks t JOIN process_instances pi ON pi.id = t.instance_id WHERE t.tenant_code = ${tenant} AND t.assignee_id = ${userId})
    OR r.id IN (SELECT record_id FROM process_cc WHERE tenant_code = ${tenant} AND user_id = ${userId}))`;
  if (scope === 'self') return own;
  const myDept = sql`(SELECT dept_id FROM memberships WHERE tenant_code = ${tenant} AND user_id = ${userId})`;
  const depts = scope === 'dept'
    ? sql`SELECT ${myDept}`
    : sql`WITH RECURSIVE sub AS (
        SELECT id FROM dictionaries WHERE id = ${myDept} AND tenant_code = ${tenant} AND field_key = 'dept'
        UNION ALL SELECT d.id FROM dictionaries d JOIN sub ON d.parent_id = sub.id WHERE d.tenant_code = ${tenant} AND d.field_key = 'dept'
      ) SELECT id FROM sub`;
  return sql`(${own} OR r.created_by IN (SELECT m.user_id FROM memberships m WHERE m.tenant_code = ${tenant} AND m.dept_id IN (${depts})))`;
}
