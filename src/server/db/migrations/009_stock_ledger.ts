import type { Kysely } from 'kysely';
import { runSql, tenantPolicy } from './run-sql';

// The stock ledger: every posting of a stock effect is one row here, keyed by team, the balance
// record it moved (one per warehouse, material and location: `keys`) and the document line that caused it.
// Rows are only inserted: the ledger is the history; the balance records hold the running figures, and both
// change in the one transaction that holds the balance's lock, so they cannot disagree.
// `remaining` is what of a receipt is still in stock, for first-in-first-out costing.
export async function up(db: Kysely<any>): Promise<void> {
  await runSql(
    db,
    `
    CREATE TABLE stock_moves (
      id bigserial PRIMARY KEY,
      tenant_code text NOT NULL,
      module text NOT NULL,
      balance_id bigint NOT NULL,
      keys jsonb NOT NULL,
      source_module text NOT NULL,
      source_id bigint NOT NULL,
      source_code text NOT NULL,
      line_no int NOT NULL,
      move_date date NOT NULL,
      quantity numeric NOT NULL,
      unit_price numeric NOT NULL,
      amount numeric NOT NULL,
      balance_quantity numeric NOT NULL,
      balance_amount numeric NOT NULL,
      remaining numeric,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX stock_moves_balance ON stock_moves (tenant_code, balance_id, id);
    CREATE INDEX stock_moves_keys ON stock_moves USING gin (keys);
    CREATE INDEX stock_moves_source ON stock_moves (tenant_code, source_id);
    REVOKE UPDATE, DELETE ON stock_moves FROM yiguan_app;
    GRANT SELECT, INSERT ON stock_moves TO yiguan_app;
    GRANT UPDATE (remaining) ON stock_moves TO yiguan_app;
    GRANT USAGE, SELECT ON SEQUENCE stock_moves_id_seq TO yiguan_app
  `,
  );
  await tenantPolicy(db, 'stock_moves');
}

export async function down(db: Kysely<any>): Promise<void> {
  await runSql(db, `DROP TABLE stock_moves`);
}
