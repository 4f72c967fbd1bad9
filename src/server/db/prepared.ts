// Statements run from PostgreSQL's plan cache. Planning a list's page query costs PostgreSQL far more than running it
// (measured at 1M rows with ~475 partial indexes on records: ~1.5 ms to plan, ~0.1 ms to run page 1), because the
// planner weighs every index of the table. A statement whose text starts with PREPARED is sent as a named prepared
// statement (node-postgres parses it once per connection; PostgreSQL plans it for its first five runs and then keeps a
// generic plan when that costs no more). Only texts that recur should be marked (a list's first page: its LIMIT a
// literal, no OFFSET), and each connection prepares at most MAX_PER_CONNECTION of them (the rest run unnamed), so the
// server's memory stays bounded whatever the lists asked. PGlite ignores the mark (a comment).
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type pg from 'pg';

const MARK = '/* prepared */ ';
export const PREPARED = sql.raw(MARK);
const MAX_PER_CONNECTION = 200;

type Query = (config: unknown, values?: unknown, cb?: unknown) => unknown;

/** Makes the pool's clients send marked statements as named prepared statements. */
export function preparePlans(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as Query;
    const names = new Set<string>();
    (client as unknown as { query: Query }).query = (config, values, cb) => {
      if (typeof config === 'string' && config.startsWith(MARK) && Array.isArray(values)) {
        const name = `yg_${createHash('sha1').update(config).digest('base64url').slice(0, 24)}`;
        if (names.has(name) || names.size < MAX_PER_CONNECTION) {
          names.add(name);
          return query({ name, text: config, values }, cb);
        }
      }
      return query(config, values, cb);
    };
  });
}
