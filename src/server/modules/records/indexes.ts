// The records table's expression indexes, one set per module (query.ts indexStatements): what each module sorts
// and filters on. Kept in step with the schemas at start; those the schemas no longer ask for are dropped, since
// each one costs every insert and every plan on the records table.
import { sql } from 'kysely';
import type { DB } from '../../db';
import type { SchemaRegistry } from './schema-registry';
import { indexNameOf, indexStatements } from './query';

export async function syncRecordIndexes(db: DB, schemas: SchemaRegistry): Promise<void> {
  const wanted = schemas.all().flatMap(indexStatements);
  const names = new Set(wanted.map(indexNameOf));
  const { rows: existing } = await sql<{ name: string }>`SELECT indexname AS name FROM pg_indexes WHERE tablename = 'records' AND indexname ~ '^r[xsc]_'`.execute(db);
  for (const { name } of existing) if (!names.has(name)) await sql.raw(`DROP INDEX IF EXISTS "${name.replace(/"/g, '')}"`).execute(db);
  for (const stmt of wanted) await sql.raw(stmt).execute(db);
}

/**
 * Builds the indexes once. On an empty database (a first start about to seed the demo) they wait until the seed is
 * written: building ~300 indexes over a few thousand rows takes seconds, while keeping them up to date through
 * every insert of the seed took most of its minutes on PGlite.
 */
export class RecordIndexes {
  private done = false;
  constructor(private db: DB, private schemas: SchemaRegistry) {}

  async ensure(): Promise<void> {
    if (this.done) return;
    await syncRecordIndexes(this.db, this.schemas);
    this.done = true;
  }

  /** At start: now, unless the database holds no records yet (then whoever seeds or starts serving calls ensure). */
  async atStart(): Promise<void> {
    const any = await this.db.selectFrom('records').select('id').limit(1).executeTakeFirst();
    if (any) await this.ensure();
  }
}
