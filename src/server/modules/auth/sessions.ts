// Sessions live in the database (hashed tokens), so any number of server replicas behave as one.
import { sql } from 'kysely';
import type { DB } from '../../db';
import type { Config } from '../../config';
import { newToken, sha256 } from './tokens';
import type { SessionAcl } from '../../db/types';
import type { SessionInfo, SessionLookup } from '../../plugins/auth';
import { cacheBusOf, TableCache } from '../../db/cache-bus';

// The session's shape is what the auth plugin puts on a request: defined there, kept here.
export type { SessionInfo, SessionLookup };

const MINUTE = 60_000;
/** How long a cached session row may answer at most (a hard bound behind the change notifications). */
export const SESSION_CACHE_MS = 5_000;

interface SessionRow {
  id: number;
  user_id: number;
  tenant_code: string | null;
  remember: boolean;
  last_seen_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
  acl: SessionAcl | null;
  wrote_lsn: string | null;
}

export class SessionService {
  /**
   * Token hash → session row: most calls read no session from the database. Emptied whenever a session row
   * changes in any process (db/cache-bus.ts: logout, password change, role or membership change, team switch).
   */
  private cache: TableCache<SessionRow>;

  constructor(
    private db: DB,
    private cfg: Config,
  ) {
    this.cache = new TableCache(cacheBusOf(db), 'sessions', SESSION_CACHE_MS);
  }

  async create(
    userId: number,
    tenantCode: string | null,
    remember: boolean,
  ): Promise<{ token: string; expiresAt: Date; sessionId: number }> {
    const token = newToken();
    const expiresAt = new Date(Date.now() + this.cfg.sessionAbsoluteDays * 24 * 60 * MINUTE);
    const row = await this.db
      .insertInto('sessions')
      .values({ token_hash: sha256(token), user_id: userId, tenant_code: tenantCode, remember, expires_at: expiresAt })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { token, expiresAt, sessionId: row.id };
  }

  /** Resolves a token; touches last_seen_at at most once a minute to keep reads cheap. */
  async lookup(token: string): Promise<SessionLookup> {
    const hash = sha256(token);
    const now = Date.now();
    const idleOf = (r: SessionRow) =>
      (r.remember ? this.cfg.rememberIdleMinutes : this.cfg.sessionIdleMinutes) * MINUTE;
    let row: SessionRow | undefined = this.cache.get(hash);
    // A cached row only answers "yes": a session that looks ended or idle is read again (another process may
    // have touched it since).
    if (
      row &&
      (row.revoked_at ||
        new Date(row.expires_at).getTime() <= now ||
        new Date(row.last_seen_at).getTime() + idleOf(row) <= now)
    )
      row = undefined;
    if (!row) {
      const mark = this.cache.mark();
      row = (await this.db
        .selectFrom('sessions')
        // The cached ACL without its menu tree: every call reads the session, few need the menu.
        .select([
          'id',
          'user_id',
          'tenant_code',
          'remember',
          'last_seen_at',
          'expires_at',
          'revoked_at',
          sql<SessionAcl | null>`acl - 'menuTree'`.as('acl'),
          sql<string | null>`wrote_lsn::text`.as('wrote_lsn'),
        ])
        .where('token_hash', '=', hash)
        .executeTakeFirst()) as SessionRow | undefined;
      if (row && !row.revoked_at) this.cache.set(hash, row, mark);
    }
    if (!row || row.revoked_at) return { ok: false, reason: 'unknown' };
    const lastSeen = new Date(row.last_seen_at).getTime();
    if (new Date(row.expires_at).getTime() <= now || lastSeen + idleOf(row) <= now)
      return { ok: false, reason: 'expired' };
    if (now - lastSeen > MINUTE) {
      // The cached copy moves on with the row, so the next calls do not touch it again.
      row.last_seen_at = new Date(now);
      await this.db
        .updateTable('sessions')
        .set({ last_seen_at: new Date(now) })
        .where('id', '=', row.id)
        .execute();
    }
    return {
      ok: true,
      session: {
        sessionId: row.id,
        userId: row.user_id,
        tenantCode: row.tenant_code,
        acl: (row.acl as SessionAcl | null) ?? null,
        wroteLsn: row.wrote_lsn,
      },
    };
  }

  async revoke(sessionId: number): Promise<void> {
    await this.db.updateTable('sessions').set({ revoked_at: new Date() }).where('id', '=', sessionId).execute();
  }

  async revokeAllOfUser(userId: number): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: new Date() })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  async setTenant(sessionId: number, tenantCode: string | null): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ tenant_code: tenantCode, acl: null })
      .where('id', '=', sessionId)
      .execute();
  }
}
