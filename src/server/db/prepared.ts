// Statements run from PostgreSQL's plan cache. Planning a list's page query costs PostgreSQL far more than running it
// (measured at 1M rows when records carried ~475 partial indexes in one table: ~1.5 ms to plan, ~0.1 ms to run page 1;
// now each module's partition carries its own dozen, migration 031), because the
// planner weighs every index of the table. A statement whose text starts with PREPARED is sent as a named prepared
// statement (node-postgres parses it once per connection; PostgreSQL plans it for its first five runs and then keeps a
// generic plan when that costs no more). Only texts that recur should be marked (a list's first page: its LIMIT a
// literal, no OFFSET), and each connection prepares at most MAX_PER_CONNECTION of them (the rest run unnamed), so the
// server's memory stays bounded whatever the lists asked. PGlite ignores the mark (a comment).
//
// Read scopes (tenant-scope.ts withTenantRead): while a connection is in one, each statement travels as ONE text by
// the simple protocol — the tenant's settings (read-only transaction), `PREPARE` the first time on this connection,
// and `EXECUTE name(values)` — so it is its own implicit transaction: one round trip instead of three (BEGIN and the
// settings, the statement, COMMIT). The SQL text itself is never changed: the values go only into EXECUTE's list,
// each through a strict literal encoder (text, finite numbers, booleans, NULL; anything else, or a connection that
// cannot say which statements it holds, runs the three round trips instead). A quoted literal in EXECUTE's list is
// what node-postgres's extended protocol sends (every value as text of unspecified type), so PostgreSQL infers the
// same parameter types and answers the same. Statements not marked PREPARED keep a custom plan at every call
// (plan_cache_mode force_custom_plan in their transaction), as before: only their parsing is saved.
//
// Through a pooler in transaction mode (DATABASE_POOLER=transaction) a prepared statement is a trap: it lives on the
// server connection that parsed it, and the next call may be handed another one ("prepared statement … does not
// exist"). There nothing is named: marked statements run unnamed (planned at every run) and a read scope takes the
// three round trips, each statement its own BEGIN … COMMIT, which the pooler keeps on one server connection.
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type pg from 'pg';

const MARK = '/* prepared */ ';
export const PREPARED = sql.raw(MARK);
const MAX_PER_CONNECTION = 200;

/** Marker texts (never sent): the tenant settings of a read scope begin it, END ends it (withTenantRead). */
export const READ_SCOPE = '/* yg read scope */ ';
export const READ_SCOPE_END = '/* yg read scope end */';

type Query = (config: unknown, values?: unknown, cb?: unknown) => unknown;
type Result = { command: string; rowCount: number | null; rows: unknown[]; fields: unknown[] };

/** A text as a PostgreSQL string literal that means the same under any standard_conforming_strings. */
export const literal = (s: string) => {
  if (s.includes('\0')) throw new Error('NUL in a literal');
  return `E'${s.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
};

/**
 * A bound value as the literal node-postgres would have sent as text (prepareValue): strings, finite numbers,
 * bigints, booleans and NULL only; undefined for anything else (the caller then binds it the ordinary way).
 */
export function encodeValue(v: unknown): string | undefined {
  if (v === null || v === undefined) return 'NULL';
  if (typeof v === 'string') return v.includes('\0') ? undefined : literal(v);
  if (typeof v === 'number') return Number.isFinite(v) ? `'${String(v)}'` : undefined;
  if (typeof v === 'bigint') return `'${v.toString()}'`;
  if (typeof v === 'boolean') return v ? `'true'` : `'false'`;
  return undefined;
}

/** A query (after leading comments) that PREPARE takes: SELECT, WITH … SELECT, VALUES. */
const PREPARABLE = /^\s*(?:\/\*[^*]*\*\/\s*)*(?:select|with|values)\b/i;

/** A statement's name from its text: node-postgres's (protocol) names as before; read scopes' (SQL identifiers) in hex. */
const nameOf = (prefix: string, text: string) =>
  `${prefix}${createHash('sha1')
    .update(text)
    .digest(prefix === 'yg_' ? 'base64url' : 'hex')
    .slice(0, 24)}`;

/**
 * Makes the pool's clients send marked statements as named prepared statements, and read scopes in one round trip.
 * pooled: the pool's connections go through a transaction pooler, so nothing is prepared (read scopes still apply).
 */
export function preparePlans(pool: pg.Pool, opts: { pooled?: boolean } = {}): void {
  const keep = !opts.pooled;
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as Query;
    const names = new Set<string>();
    // Statements this connection PREPAREd by SQL for read scopes (a namespace apart from node-postgres's names).
    const readNames = new Set<string>();
    // Through a pooler, as if the connection could not say which statements it holds: the three round trips.
    let unsure = !keep;
    let scope: string | undefined;

    const run = (text: unknown, values?: unknown, cb?: unknown) => {
      if (keep && typeof text === 'string' && text.startsWith(MARK) && Array.isArray(values)) {
        const name = nameOf('yg_', text);
        if (names.has(name) || names.size < MAX_PER_CONNECTION) {
          names.add(name);
          return query({ name, text, values }, cb);
        }
      }
      return query(text, values, cb);
    };

    async function scoped(settings: string, text: string, values: unknown[]): Promise<Result> {
      const custom = text.startsWith(MARK) ? '' : `, set_config('plan_cache_mode', 'force_custom_plan', true)`;
      const head = `SELECT ${settings}${custom}`;
      const lits = values.map(encodeValue);
      const name = nameOf('yr_', text);
      const known = readNames.has(name);
      if (
        unsure ||
        !PREPARABLE.test(text) ||
        lits.some((l) => l === undefined) ||
        (!known && readNames.size >= MAX_PER_CONNECTION)
      ) {
        // The ordinary way: three round trips.
        await (query(`BEGIN; ${head}`) as Promise<unknown>);
        try {
          const r = (await run(text, values)) as Result;
          await (query('COMMIT') as Promise<unknown>);
          return r;
        } catch (err) {
          await (query('ROLLBACK') as Promise<unknown>).catch(() => {});
          throw err;
        }
      }
      const exec = `EXECUTE ${name}${lits.length ? `(${lits.join(', ')})` : ''}`;
      // The settings first, so the statement is parsed and run as the application role of the team.
      const text1 = known ? `${head}; ${exec}` : `${head}; PREPARE ${name} AS ${text}; ${exec}`;
      if (!known) readNames.add(name);
      try {
        const results = (await query(text1)) as Result[];
        return results[results.length - 1];
      } catch (err) {
        // Which statement failed is not said: ask whether the PREPARE ran (one more round trip, on errors only).
        if (!known) {
          readNames.delete(name);
          const held = await (
            query('SELECT 1 FROM pg_prepared_statements WHERE name = $1', [name]) as Promise<Result>
          ).then(
            (r) => r.rows.length > 0,
            () => undefined,
          );
          if (held === undefined) unsure = true;
          else if (held) readNames.add(name);
        }
        throw err;
      }
    }

    (client as unknown as { query: Query }).query = (config, values, cb) => {
      if (typeof config === 'string') {
        if (config.startsWith(READ_SCOPE)) {
          scope = config.slice(READ_SCOPE.length);
          return Promise.resolve({ command: 'SELECT', rowCount: 0, rows: [], fields: [] });
        }
        if (config === READ_SCOPE_END) {
          scope = undefined;
          return Promise.resolve({ command: 'SELECT', rowCount: 0, rows: [], fields: [] });
        }
      }
      if (scope !== undefined) {
        // Inside a read scope only the query builder's form is expected; anything else is refused, never run unscoped.
        if (typeof config !== 'string' || cb !== undefined || (values !== undefined && !Array.isArray(values))) {
          return Promise.reject(new Error('read scope: unexpected query form'));
        }
        return scoped(scope, config, (values as unknown[] | undefined) ?? []);
      }
      return run(config, values, cb);
    };
  });
}
