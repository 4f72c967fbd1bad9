import type { Kysely } from 'kysely';
import { runSql, tenantPolicy } from './run-sql';

// Notifications (通知): one row per team, recipient and event — a 催办 of a stage action that declares `notify`,
// an approval task for its approver, an approval's outcome for its submitter. `source_key` names the event, so
// the same event sent again (a retry) notifies once. The bell's unread count reads the partial index only.
export async function up(db: Kysely<any>): Promise<void> {
  await runSql(
    db,
    `
    CREATE TABLE notifications (
      id bigserial PRIMARY KEY,
      tenant_code text NOT NULL,
      user_id bigint NOT NULL,
      title text NOT NULL,
      body text NOT NULL DEFAULT '',
      module text,
      record_id bigint,
      actor_id bigint,
      source_key text,
      read_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX notifications_unread ON notifications (tenant_code, user_id) WHERE read_at IS NULL;
    CREATE INDEX notifications_user ON notifications (tenant_code, user_id, created_at DESC, id DESC);
    CREATE UNIQUE INDEX notifications_source ON notifications (tenant_code, user_id, source_key);
    GRANT SELECT, INSERT, UPDATE ON notifications TO yiguan_app;
    GRANT USAGE, SELECT ON SEQUENCE notifications_id_seq TO yiguan_app
  `,
  );
  await tenantPolicy(db, 'notifications');
}

export async function down(db: Kysely<any>): Promise<void> {
  await runSql(db, `DROP TABLE notifications`);
}
