import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T = unknown> = ColumnType<T, string | T, string | T>;

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
}

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
}

export interface TenantsTable {
  tenant_code: string;
  tenant_name: string;
  tenant_type: 'individual' | 'enterprise';
  logo_url: string | null;
  owner_id: number;
  status: string;
  verification: Json<Record<string, unknown>>;
  created_at: Timestamp;
}

export interface MembershipsTable {
  tenant_code: string;
  user_id: number;
  status: 'normal' | 'quit' | 'pending' | 'refused' | 'invited';
  is_admin: boolean;
  remark: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  sms_codes: SmsCodesTable;
  qr_logins: QrLoginsTable;
  tenants: TenantsTable;
  memberships: MembershipsTable;
}
