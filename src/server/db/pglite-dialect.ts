// Kysely on embedded PGlite, with PostgreSQL's plan cache. PGlite's own query() sends every statement as a new unnamed
// statement in six protocol calls (parse, describe, bind, describe, execute, sync), so PostgreSQL plans it every time.
// On the records table (~475 partial indexes) planning is what a call costs there: the planner reads the size of every
// index, and this WASM build keeps only ~48 files open (PostgreSQL's fd.c default; it never probes for more), so each
// plan opens and closes ~476 files through the emulated file system (measured at 100k rows: ~38 ms a page 1 query,
// ~31 ms even for a primary-key lookup on records; ~6 ms for the same page from a prepared statement).
// Here:
//  - a statement with parameters (SELECT, WITH, INSERT, UPDATE, DELETE) is parsed once as a named prepared statement
//    (at most MAX_STATEMENTS texts, least recently used closed first) and then bound and executed in one protocol
//    call; PostgreSQL plans it for its first five runs and then keeps the generic plan when it costs no more
//    (plan_cache_mode auto, as on the PostgreSQL path, db/prepared.ts). Cached plans follow PostgreSQL's rules: DDL
//    invalidates them, and a plan that applied row-level security is made again for another role;
//  - a text without parameters goes by the simple protocol in one call, so it may hold several statements: BEGIN and
//    the tenant's settings travel together (db/batches.ts, as on PostgreSQL).
// Answers are those of query(): the same parsers and serializers, row objects, affectedRows, errors (DatabaseError).
// Messages come through execProtocolStream (PGlite's own path for query(), without a copy of the raw answer).
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { parse, protocol, types, type PGlite, type Results } from '@electric-sql/pglite';

const MAX_STATEMENTS = 200;
const PREPARABLE = /^\s*(?:\/\*[^*]*\*\/\s*)*(?:select|with|insert|update|delete)\b/i;

const concat = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

interface Prepared {
  name: string;
  types: number[];
}

type Message = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];
type Field = { name: string; dataTypeID: number };

/**
 * The result sets of a protocol exchange, as PGlite's parseResults makes them (rows as objects, each value through
 * the instance's parser for its type, affectedRows counted over the sets) without copying its ~320 parsers into a
 * new object at every call (~0.4 ms each, measured), which PGlite's query() and exec() both do.
 */
function resultSets(messages: Message[], parsers: PGlite['parsers']): Results[] {
  const sets: Results[] = [];
  let fields: Field[] = [];
  let rows: Record<string, unknown>[] = [];
  let affected = 0;
  for (const m of messages) {
    if (m.name === 'rowDescription')
      fields = (m as unknown as { fields: Field[] }).fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID }));
    else if (m.name === 'dataRow') {
      const values = (m as unknown as { fields: (string | null)[] }).fields;
      const row: Record<string, unknown> = {};
      for (let i = 0; i < values.length; i++)
        row[fields[i].name] = types.parseType(values[i], fields[i].dataTypeID, parsers);
      rows.push(row);
    } else if (m.name === 'commandComplete') {
      const [verb, a, b] = (m as unknown as { text: string }).text.split(' ');
      affected +=
        verb === 'INSERT'
          ? parseInt(b, 10)
          : ['UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(verb)
            ? parseInt(a, 10)
            : 0;
      sets.push({ rows, fields, affectedRows: affected });
      fields = [];
      rows = [];
    }
  }
  return sets.length ? sets : [{ rows: [], fields: [], affectedRows: 0 }];
}

/** The one session's named statements, by text (a Map keeps insertion order: re-inserted on use, the first is the oldest). */
class Statements {
  private byText = new Map<string, Prepared>();
  private next = 0;
  constructor(private pg: PGlite) {}

  async run(text: string, params: readonly unknown[]): Promise<Results> {
    return this.pg._runExclusiveQuery(async () => {
      let st = this.byText.get(text);
      if (st) {
        this.byText.delete(text);
        this.byText.set(text, st);
      } else {
        const name = `yg_${(this.next++).toString(36)}`;
        const messages = await this.pg.execProtocolStream(
          concat([
            protocol.serialize.parse({ name, text }),
            protocol.serialize.describe({ type: 'S', name }),
            protocol.serialize.sync(),
          ]),
          { syncToFs: false },
        );
        st = { name, types: parse.parseDescribeStatementResults(messages) };
        this.byText.set(text, st);
        if (this.byText.size > MAX_STATEMENTS) {
          const [oldText, old] = this.byText.entries().next().value as [string, Prepared];
          this.byText.delete(oldText);
          await this.pg.execProtocol(
            concat([protocol.serialize.close({ type: 'S', name: old.name }), protocol.serialize.sync()]),
            { syncToFs: false },
          );
        }
      }
      const values = params.map((v, i) => {
        if (v === null || v === undefined) return null;
        const serialize = this.pg.serializers[st.types[i]];
        return serialize ? serialize(v) : String(v);
      });
      try {
        const messages = await this.pg.execProtocolStream(
          concat([
            protocol.serialize.bind({ statement: st.name, values }),
            protocol.serialize.describe({ type: 'P' }),
            protocol.serialize.execute({}),
            protocol.serialize.sync(),
          ]),
          { syncToFs: true },
        );
        return resultSets(messages, this.pg.parsers)[0];
      } catch (err) {
        // A table changed under a cached plan so that its result's columns differ: parse the text again next time.
        if ((err as { code?: string }).code === '0A000') this.forget(text);
        throw err;
      }
    });
  }

  /** A text without parameters by the simple protocol (it may hold several statements): the last statement's result. */
  async simple(text: string): Promise<Results> {
    return this.pg._runExclusiveQuery(async () => {
      const sets = resultSets(
        await this.pg.execProtocolStream(concat([protocol.serialize.query(text), protocol.serialize.sync()]), {
          syncToFs: true,
        }),
        this.pg.parsers,
      );
      return sets[sets.length - 1];
    });
  }

  private forget(text: string) {
    const st = this.byText.get(text);
    if (!st) return;
    this.byText.delete(text);
    void this.pg
      .execProtocol(concat([protocol.serialize.close({ type: 'S', name: st.name }), protocol.serialize.sync()]), {
        syncToFs: false,
      })
      .catch(() => {});
  }
}

class Connection implements DatabaseConnection {
  constructor(
    private pg: PGlite,
    private statements: Statements,
  ) {}

  async executeQuery<R>(q: CompiledQuery): Promise<QueryResult<R>> {
    let result: Results;
    if (q.parameters.length === 0) result = await this.statements.simple(q.sql);
    else if (PREPARABLE.test(q.sql)) result = await this.statements.run(q.sql, q.parameters);
    else result = await this.pg.query(q.sql, [...q.parameters]);
    return {
      rows: result.rows as R[],
      ...(result.affectedRows ? { numAffectedRows: BigInt(result.affectedRows) } : {}),
    };
  }

  async *streamQuery<R>(q: CompiledQuery, chunkSize = 100): AsyncIterableIterator<QueryResult<R>> {
    const { rows } = await this.executeQuery<R>(q);
    for (let i = 0; i < rows.length; i += chunkSize) yield { rows: rows.slice(i, i + chunkSize) };
  }
}

/** One session, so one connection, handed to one caller at a time (the others wait in order). */
class PgliteDriver implements Driver {
  private conn: Connection;
  private busy = false;
  private queue: (() => void)[] = [];
  constructor(private pg: PGlite) {
    this.conn = new Connection(pg, new Statements(pg));
  }
  async init() {}
  async acquireConnection(): Promise<DatabaseConnection> {
    if (this.busy) await new Promise<void>((resolve) => this.queue.push(resolve));
    this.busy = true;
    return this.conn;
  }
  async releaseConnection(): Promise<void> {
    const next = this.queue.shift();
    if (next) next();
    else this.busy = false;
  }
  async beginTransaction(conn: DatabaseConnection, settings: TransactionSettings) {
    await conn.executeQuery(
      CompiledQuery.raw(
        settings.isolationLevel ? `start transaction isolation level ${settings.isolationLevel}` : 'begin',
      ),
    );
  }
  async commitTransaction(conn: DatabaseConnection) {
    await conn.executeQuery(CompiledQuery.raw('commit'));
  }
  async rollbackTransaction(conn: DatabaseConnection) {
    await conn.executeQuery(CompiledQuery.raw('rollback'));
  }
  async destroy() {
    await this.pg.close();
  }
}

export class PgliteDialect implements Dialect {
  constructor(private pg: PGlite) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver() {
    return new PgliteDriver(this.pg);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  // biome-ignore lint/suspicious/noExplicitAny: Kysely's Dialect interface declares this parameter so
  createIntrospector(db: Kysely<any>) {
    return new PostgresIntrospector(db);
  }
}
