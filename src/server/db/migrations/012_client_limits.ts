import type { Kysely } from 'kysely';
import { runSql } from './run-sql';

// Limits per client: one counter per key (limit name + IP or account) and window, kept in the
// database so that every replica counts the same hits. Not team data: the application role has no access.
// A QR login ticket remembers the device and address that asked for it, shown to whoever confirms (point 4).
export async function up(db: Kysely<any>): Promise<void> {
  await runSql(
    db,
    `
    CREATE TABLE rate_limits (
      key text PRIMARY KEY,
      hits integer NOT NULL,
      reset_at timestamptz NOT NULL
    );
    CREATE INDEX rate_limits_reset_at ON rate_limits (reset_at);
    REVOKE ALL ON rate_limits FROM yiguan_app;
    ALTER TABLE qr_logins ADD COLUMN device text, ADD COLUMN ip text
  `,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await runSql(
    db,
    `
    DROP TABLE rate_limits;
    ALTER TABLE qr_logins DROP COLUMN device, DROP COLUMN ip
  `,
  );
}
