import type { Kysely } from 'kysely';
import { runSql } from './run-sql';

// Team user management (the team-admin page): a member an admin disabled (状态 禁用) stays a member of
// the team — his roles, department and records stay — but has no access to it: no menus, no permission codes,
// the team's calls refused, and switching to the team refused, until an admin enables him again. The owner
// cannot be disabled (checked by the service). The audit trigger of memberships logs each change.
export async function up(db: Kysely<any>): Promise<void> {
  await runSql(
    db,
    `
    ALTER TABLE memberships ADD COLUMN disabled boolean NOT NULL DEFAULT false
  `,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await runSql(db, `ALTER TABLE memberships DROP COLUMN disabled`);
}
