// How the tables would spread over a Citus cluster. Every table with a tenant_code column is a team's table,
// distributed by tenant_code and co-located with the others (a team's rows of every table on one node), except the
// few below that hold rows of no team or are read before a team is known: those are reference tables (a copy on every
// node), like every table without tenant_code. tests/api/citus-ready.test.ts holds the catalogue to these lists:
// a team table's primary key and unique indexes include tenant_code, its foreign keys to team tables carry
// tenant_code on both sides, and no reference table has a foreign key to a team table.
// tests/unit/tenant-joins.test.ts holds the server's joins between team tables to tenant_code.

/** Tables with a tenant_code column that stay reference tables, each with why. */
export const REFERENCE_WITH_TENANT: Record<string, string> = {
  tenants:
    'the team catalogue itself: one row per team, read on every call and joined by memberships, field options and grants',
  sessions:
    "a user's sign-in, found by its token before any team is known; tenant_code is the team it is switched to, not its owner",
  tenant_invites: 'an invitation is looked up by its code alone, by someone not yet in the team',
  field_options: "platform defaults have no team (tenant_code NULL), and a team's set is read together with them",
  files:
    "uploads without a team (a user's avatar before he joins one: tenant_code NULL), and a file is found by its id from its URL",
  audit_log: 'logins of users without a team and platform catalogue changes have no team (tenant_code NULL)',
};

/** Team tables: distributed by tenant_code, co-located. Every other table is a reference table. */
export const DISTRIBUTED = [
  'memberships',
  'roles',
  'user_roles',
  'operation_guidance',
  'platform_grants',
  'records',
  'record_sequences',
  'record_counts',
  'record_keys',
  'record_effects',
  'record_periods',
  'record_events',
  'record_files',
  'categories',
  'dictionaries',
  'process_instances',
  'tasks',
  'process_cc',
  'stock_moves',
  'stock_reservations',
  'notifications',
];
