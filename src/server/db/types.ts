import type { ColumnType, Generated } from 'kysely';
import type { DataScope } from '../modules/menu/default-roles';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T = unknown> = ColumnType<T, string | T, string | T>;
/** A nullable column that inserts may omit. */
type Opt<T> = ColumnType<T | null, T | null | undefined, T | null>;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  mobile: string;
  nick_name: string;
  avatar: string | null;
  password_hash: string;
  status: 'active' | 'deactivated';
  failed_logins: Generated<number>;
  locked_until: Date | null;
  /** A platform administrator (platform-wide the field-options page defaults). */
  is_platform_admin: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  tenant_code: string | null;
  remember: boolean;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Date;
  revoked_at: Date | null;
  acl: ColumnType<SessionAcl | null, string | null | undefined, string | null>;
  /** pg_lsn as text: the primary's WAL position after the session's last write (db/replica.ts); null before any. */
  wrote_lsn: ColumnType<string | null, never, never>;
}

export interface SessionAcl {
  tenantCode: string | null;
  /** Left out of the per-request session read (it is large); read when a call needs the menu. */
  menuTree?: unknown[];
  permissions: string[];
  /** The team's owner or an admin member. */
  isAdmin?: boolean;
  /** Which records the user sees (the widest of his roles; admins all): see records/data-scope.ts. */
  dataScope?: DataScope;
}

// A role's data scope is the default roles' term (menu/default-roles.ts): the table stores it as they name it.
export type { DataScope };

export interface SmsCodesTable {
  id: Generated<number>;
  mobile: string;
  scene: string;
  code_hash: string;
  attempts: Generated<number>;
  created_at: Timestamp;
  expires_at: Date;
  used_at: Date | null;
}

export interface QrLoginsTable {
  ticket: string;
  status: 'pending' | 'confirmed' | 'consumed';
  user_id: number | null;
  created_at: Timestamp;
  expires_at: Date;
  /** Browser and system of the desk that asked, and its address: shown on the confirming phone. */
  device: string | null;
  ip: string | null;
}

export interface TenantsTable {
  tenant_code: string;
  tenant_name: string;
  tenant_type: 'individual' | 'enterprise';
  logo_url: string | null;
  owner_id: number;
  status: string;
  verification: Json<Record<string, unknown>>;
  modules: Generated<string[]>;
  mode: Generated<string>;
  industry_code: Generated<string | null>;
  created_at: Timestamp;
}

export interface MembershipsTable {
  tenant_code: string;
  user_id: number;
  status: 'normal' | 'quit' | 'pending' | 'refused' | 'invited';
  is_admin: boolean;
  remark: Opt<string>;
  decided_by: Opt<number>;
  /** The member's department (a dept dictionary id), for the currentDept default. */
  dept_id: Opt<number>;
  /** Disabled by an admin (015_user_manage): still a member, but no access to the team. */
  disabled: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RolesTable {
  id: Generated<number>;
  tenant_code: string;
  role_name: string;
  role_key: string;
  menus: string[];
  permissions: string[];
  data_scope: Generated<DataScope>;
  created_at: Timestamp;
}

export interface UserRolesTable {
  tenant_code: string;
  user_id: number;
  role_id: number;
}

export interface TenantInvitesTable {
  code: string;
  tenant_code: string;
  created_by: number;
  created_at: Timestamp;
  expires_at: Date;
}

export interface FilesTable {
  id: Generated<number>;
  tenant_code: string | null;
  uploaded_by: number;
  sha256: string;
  mime: string;
  size: number;
  file_name: string;
  created_at: Timestamp;
}

export interface BankCardsTable {
  id: Generated<number>;
  user_id: number;
  bank_name: string;
  bank_card_no: string;
  account_name: string;
  is_default: Generated<boolean>;
  created_at: Timestamp;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  sms_codes: SmsCodesTable;
  qr_logins: QrLoginsTable;
  tenants: TenantsTable;
  memberships: MembershipsTable;
  roles: RolesTable;
  user_roles: UserRolesTable;
  tenant_invites: TenantInvitesTable;
  files: FilesTable;
  bank_cards: BankCardsTable;
  field_options: FieldOptionsTable;
  records: RecordsTable;
  record_sequences: RecordSequencesTable;
  categories: CategoriesTable;
  dictionaries: DictionariesTable;
  process_cc: ProcessCcTable;
  record_counts: RecordCountsTable;
  record_keys: RecordKeysTable;
  record_files: RecordFilesTable;
  record_effects: RecordEffectsTable;
  record_periods: RecordPeriodsTable;
  stock_moves: StockMovesTable;
  record_events: RecordEventsTable;
  process_instances: ProcessInstancesTable;
  tasks: TasksTable;
  notifications: NotificationsTable;
  rate_limits: RateLimitsTable;
  audit_log: AuditLogTable;
  platform_modules: PlatformModulesTable;
  platform_modes: PlatformModesTable;
  platform_industries: PlatformIndustriesTable;
  platform_grants: PlatformGrantsTable;
}

/** Platform catalogue (014_platform_catalogue): edits of catalogue/modules.json, one row per edited module; null = the file's value. */
export interface PlatformModulesTable {
  module_key: string;
  menu_name: string | null;
  menu_path: string | null;
  parent_key: string | null;
  group_key: string | null;
  menu_icon: string | null;
  abbr: string | null;
  mobile_name: string | null;
  sequence: number | null;
  enabled: Generated<boolean>;
  updated_by: number | null;
  updated_at: Generated<Timestamp>;
}

export interface PlatformModesTable {
  id: Generated<number>;
  mode_name: string;
  mode_type: 'individual' | 'enterprise';
  industry_ids: Generated<number[]>;
  module_ids: Generated<string[]>;
  user_limit: number | null;
  valid_days: number | null;
  price: string | number | null;
  enabled: Generated<boolean>;
  sort: Generated<number>;
  updated_by: number | null;
  updated_at: Generated<Timestamp>;
}

export interface PlatformIndustriesTable {
  id: Generated<number>;
  industry_name: string;
  industry_code: string;
  default_mode_id: number | null;
  module_ids: Generated<string[]>;
  seed_dicts: Generated<string[]>;
  sort: Generated<number>;
  enabled: Generated<boolean>;
  updated_by: number | null;
  updated_at: Generated<Timestamp>;
}

/** Stage 试用 / 正式 / 停用 stored; 已到期 is read from period_end. */
export interface PlatformGrantsTable {
  tenant_code: string;
  mode_id: number;
  period_start: string | Date;
  period_end: string | Date | null;
  stage: '试用' | '正式' | '停用';
  updated_by: number | null;
  updated_at: Generated<Timestamp>;
}

/** Append-only: written by the yg_audit trigger and the login routes (013_audit_log). */
export interface AuditLogTable {
  id: Generated<number>;
  tenant_code: string | null;
  user_id: number | null;
  at: Generated<Timestamp>;
  action: string;
  entity: string;
  module: string | null;
  record_id: number | null;
  before: unknown;
  after: unknown;
  ip: string | null;
}

export interface RateLimitsTable {
  key: string;
  hits: number;
  reset_at: Timestamp;
}

export interface RecordsTable {
  id: Generated<number>;
  tenant_code: string;
  module: string;
  code: string;
  status: string;
  data: Json<Record<string, unknown>>;
  lines: Json<Record<string, unknown>[]>;
  category_id: number | null;
  created_by: number;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: Date | null;
  /** The key of the add request that made it (a re-sent request answers this record). */
  request_key: Generated<string | null>;
  /** data as text, kept by PostgreSQL (migration 024) for keyword walks; never written, never read whole. */
  search: Generated<string>;
}

export interface RecordSequencesTable {
  tenant_code: string;
  prefix: string;
  day: string;
  last: number;
}

export interface CategoriesTable {
  id: Generated<number>;
  tenant_code: string;
  module: string;
  parent_id: number | null;
  name: string;
  sort: number;
  locked: Generated<boolean>;
  created_at: Timestamp;
}

export interface DictionariesTable {
  id: Generated<number>;
  tenant_code: string;
  field_key: string;
  parent_id: number | null;
  dict_name: string;
  dict_code: string | null;
  dict_img: string | null;
  dict_icon: string | null;
  sort: number;
  status: Generated<number>;
  leader_id: Opt<number>;
  /** A default every team starts with: rename only (migration 007). */
  seeded: Generated<boolean>;
  dict_extra: Opt<string>;
  deleted_at: Opt<Date>;
}

/** One step of a process template (a line of the process-template page), as an instance snapshots it. */
export interface ProcessStep {
  stepName: string;
  /** user 指定人员 · role 指定角色 · deptLeader 部门负责人 · superior 直属上级 · chosen 发起人自选 */
  approverType: 'user' | 'role' | 'deptLeader' | 'superior' | 'chosen';
  approverIds?: (number | string)[];
  roleId?: number | string | null;
  /** all 会签 (everyone agrees) · any 或签 (one agrees) */
  signMode?: 'all' | 'any';
  minPrice?: number | string | null;
  maxPrice?: number | string | null;
  ccIds?: (number | string)[];
  /** Days the step's approvers have (from a picked record's line, `approvalFrom`); shown beside the waiting step. */
  timeLimitDays?: number;
  /** Files that must be attached before the step's approver agrees (`approvalFrom.requiredFiles`): label and upload field. */
  requiredFiles?: { label: string; field: string }[];
}

/** What an instance keeps of the process version it started with. */
export interface ProcessSnapshot {
  processId: number;
  name: string;
  version: number;
  steps: ProcessStep[];
  /** 发起人自选 picks, by step index. */
  chosen?: Record<string, number[]>;
}

export interface RecordEffectsTable {
  tenant_code: string;
  source_id: number;
  effect_key: string;
  occurrence: string;
  target_ids: Generated<number[]>;
  created_at: Generated<Timestamp>;
}

export interface RecordPeriodsTable {
  tenant_code: string;
  module: string;
  rule: number;
  resource: string;
  /** A tstzrange literal, e.g. [2026-11-01 09:00+08,2026-11-01 10:00+08). */
  period: string;
  record_id: number;
}

/** One posting of a stock effect (the stock ledger); see migration 009. */
export interface StockMovesTable {
  id: Generated<number>;
  tenant_code: string;
  module: string;
  balance_id: number;
  keys: Json<Record<string, unknown>>;
  source_module: string;
  source_id: number;
  source_code: string;
  line_no: number;
  move_date: string;
  quantity: string;
  unit_price: string;
  amount: string;
  balance_quantity: string;
  balance_amount: string;
  remaining: string | null;
  created_at: Timestamp;
}

/** Which records hold a file (027_record_files): the file is read through their gate. */
export interface RecordFilesTable {
  tenant_code: string;
  file_id: number;
  record_id: number;
}

export interface RecordKeysTable {
  tenant_code: string;
  module: string;
  rule: number;
  key: string;
  record_id: number;
}

export interface RecordCountsTable {
  tenant_code: string;
  module: string;
  n: number;
}

export interface ProcessCcTable {
  id: Generated<number>;
  tenant_code: string;
  instance_id: number;
  record_id: number;
  user_id: number;
  step_index: number;
  created_at: Timestamp;
}

export interface RecordEventsTable {
  id: Generated<number>;
  tenant_code: string;
  record_id: number;
  /** stage (a stage action) · auto (a step passed without a person) */
  kind: string;
  name: string;
  user_id: number | null;
  detail: Json<Record<string, unknown>>;
  created_at: Timestamp;
}

export interface ProcessInstancesTable {
  id: Generated<number>;
  tenant_code: string;
  module: string;
  record_id: number;
  definition: Json<ProcessSnapshot>;
  originator_id: number;
  applicant_id: Opt<number>;
  creator_id: Opt<number>;
  status: 'running' | 'approved' | 'refused' | 'withdrawn';
  current_step: number;
  money: string | number | null;
  created_at: Timestamp;
  ended_at: Date | null;
}

/** Notifications (018_notifications): one per team, recipient and event (source_key). */
export interface NotificationsTable {
  id: Generated<number>;
  tenant_code: string;
  user_id: number;
  title: string;
  body: Generated<string>;
  module: string | null;
  record_id: number | null;
  actor_id: number | null;
  source_key: string | null;
  read_at: Date | null;
  created_at: Timestamp;
}

export interface TasksTable {
  id: Generated<number>;
  tenant_code: string;
  instance_id: number;
  step_index: number;
  step_name: string;
  assignee_id: number;
  status: 'open' | 'agreed' | 'refused' | 'cancelled';
  comments: string | null;
  created_at: Timestamp;
  ended_at: Date | null;
}

export interface FieldOptionsTable {
  id: Generated<number>;
  /** null: the platform default. */
  tenant_code: string | null;
  module: string;
  version: number;
  overrides: Json<Record<string, unknown>>;
  note: string | null;
  created_by: number;
  created_at: Timestamp;
}
