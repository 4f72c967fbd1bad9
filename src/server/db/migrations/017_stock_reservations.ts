import type { Kysely } from 'kysely';
import { runSql, tenantPolicy } from './run-sql';

// Stock reservations (锁定数量): a document under approval that will issue stock (an 出库单 of a
// warehouse that asks for approval) holds its quantities here, one row per line and balance, while its balance
// record's lockedQuantity shows their sum. The rows go when the document takes effect, is refused or withdrawn;
// rows and balance change under the balance's advisory lock (modules/stock/ledger.ts), like every posting.
export async function up(db: Kysely<any>): Promise<void> {
  await runSql(
    db,
    `
    CREATE TABLE stock_reservations (
      id bigserial PRIMARY KEY,
      tenant_code text NOT NULL,
      module text NOT NULL,
      balance_id bigint NOT NULL,
      lock_name text NOT NULL,
      source_id bigint NOT NULL,
      line_no int NOT NULL,
      quantity numeric NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX stock_reservations_source ON stock_reservations (tenant_code, source_id);
    GRANT SELECT, INSERT, DELETE ON stock_reservations TO yiguan_app;
    GRANT USAGE, SELECT ON SEQUENCE stock_reservations_id_seq TO yiguan_app
  `,
  );
  await tenantPolicy(db, 'stock_reservations');
}

export async function down(db: Kysely<any>): Promise<void> {
  await runSql(db, `DROP TABLE stock_reservations`);
}
