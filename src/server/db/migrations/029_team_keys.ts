import type { Kysely } from 'kysely';
import { runSql } from './run-sql';

// Keys that a cluster distributing the team tables by tenant_code can keep (db/distribution.ts): such a cluster
// enforces a primary key only when it includes tenant_code, and a foreign key between two team tables only when both
// sides carry it. The team tables keyed by id alone become keyed by (tenant_code, id), and the links to roles and to
// approval instances carry the team. The ids keep their sequences, so they stay unique across teams in practice;
// a lookup by id under row-level security also names the team, the key's first column. Rows are unchanged; a link whose two rows are in different teams cannot exist
// (both are written in one team's transaction), so the new foreign keys validate on an existing folder.
const BY_ID = [
  'roles',
  'records',
  'categories',
  'dictionaries',
  'process_instances',
  'tasks',
  'process_cc',
  'record_events',
  'stock_moves',
  'stock_reservations',
  'notifications',
];

export async function up(db: Kysely<any>): Promise<void> {
  await runSql(
    db,
    `
    ALTER TABLE user_roles DROP CONSTRAINT user_roles_role_id_fkey;
    ALTER TABLE tasks DROP CONSTRAINT tasks_instance_id_fkey;
    ALTER TABLE process_cc DROP CONSTRAINT process_cc_instance_id_fkey;
    ${BY_ID.map((t) => `ALTER TABLE ${t} DROP CONSTRAINT ${t}_pkey, ADD CONSTRAINT ${t}_pkey PRIMARY KEY (tenant_code, id);`).join('\n')}
    ALTER TABLE user_roles ADD CONSTRAINT user_roles_role_id_fkey FOREIGN KEY (tenant_code, role_id) REFERENCES roles (tenant_code, id) ON DELETE CASCADE;
    ALTER TABLE tasks ADD CONSTRAINT tasks_instance_id_fkey FOREIGN KEY (tenant_code, instance_id) REFERENCES process_instances (tenant_code, id);
    ALTER TABLE process_cc ADD CONSTRAINT process_cc_instance_id_fkey FOREIGN KEY (tenant_code, instance_id) REFERENCES process_instances (tenant_code, id)
  `,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await runSql(
    db,
    `
    ALTER TABLE user_roles DROP CONSTRAINT user_roles_role_id_fkey;
    ALTER TABLE tasks DROP CONSTRAINT tasks_instance_id_fkey;
    ALTER TABLE process_cc DROP CONSTRAINT process_cc_instance_id_fkey;
    ${BY_ID.map((t) => `ALTER TABLE ${t} DROP CONSTRAINT ${t}_pkey, ADD CONSTRAINT ${t}_pkey PRIMARY KEY (id);`).join('\n')}
    ALTER TABLE user_roles ADD CONSTRAINT user_roles_role_id_fkey FOREIGN KEY (role_id) REFERENCES roles (id) ON DELETE CASCADE;
    ALTER TABLE tasks ADD CONSTRAINT tasks_instance_id_fkey FOREIGN KEY (instance_id) REFERENCES process_instances (id);
    ALTER TABLE process_cc ADD CONSTRAINT process_cc_instance_id_fkey FOREIGN KEY (instance_id) REFERENCES process_instances (id)
  `,
  );
}
