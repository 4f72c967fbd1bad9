import { sql, type Kysely } from 'kysely';
import { inTransaction } from './run-sql';
import { defaultRoles } from '../../modules/menu/default-roles';
import { MODULES } from '../../modules/menu/catalogue';

// Existing teams move to the least-privilege defaults new teams get (menu/default-roles.ts): the member role loses
// the pages members never open (pay, employee files) and every code but view on the shared reference pages, and
// sees his own work only (仅本人); teams without 人事行政 or 财务 roles get them, holding nothing until an admin
// assigns them. What a team added to its member role otherwise stays. Each team's rows are written with its own
// app.tenant, so row-level security admits them whatever role runs the migration.
export async function up(db: Kysely<any>): Promise<void> {
  const access = new Map(MODULES.map((m) => [m.key, m.memberAccess]));
  const teams = (await sql<{ tenant_code: string }>`SELECT tenant_code FROM tenants ORDER BY tenant_code`.execute(db))
    .rows;
  for (const { tenant_code: tenant } of teams) {
    await inTransaction(db, async (trx) => {
      await sql`SELECT set_config('app.tenant', ${tenant}, true)`.execute(trx);
      const roles = (
        await sql<{ id: number; role_key: string; menus: string[]; permissions: string[] }>`
        SELECT id, role_key, menus, permissions FROM roles WHERE tenant_code = ${tenant}`.execute(trx)
      ).rows;
      const member = roles.find((r) => r.role_key === 'member');
      if (member) {
        const menus = member.menus.filter((k) => access.get(k) !== 'none');
        const permissions = member.permissions.filter((c) => {
          const [k, action] = c.split(':');
          return access.get(k) !== 'none' && (access.get(k) !== 'read' || action === 'view');
        });
        await sql`UPDATE roles SET menus = ${menus}::text[], permissions = ${permissions}::text[], data_scope = 'self' WHERE id = ${member.id}`.execute(
          trx,
        );
      }
      // The admin role holds the team's whole package: the new roles are cut from it.
      const pkg = roles.find((r) => r.role_key === 'admin')?.menus ?? [];
      for (const r of defaultRoles(pkg).filter((d) => d.key === 'hr' || d.key === 'finance')) {
        if (roles.some((x) => x.role_key === r.key)) continue;
        await sql`INSERT INTO roles (tenant_code, role_key, role_name, menus, permissions, data_scope)
          VALUES (${tenant}, ${r.key}, ${r.name}, ${r.menus}::text[], ${r.permissions}::text[], ${r.dataScope})`.execute(
          trx,
        );
      }
    });
  }
  // Every session computes its rights again at its next call.
  await sql`UPDATE sessions SET acl = NULL`.execute(db);
}

export async function down(): Promise<void> {}
