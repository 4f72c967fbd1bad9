import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { SchemaRegistry } from '../../modules/records/schema-registry';
import { backfillCopies } from '../../modules/records/backfill';

// Records saved before their page declared a copied field (a production task's 道具项目, `picked.orderCode.projectId`)
// lack it, so the project tree and filters miss them. Fills every such field where it is missing from the record its
// picker names, as a save would now (records/backfill.ts: which fields comes from the page schemas, no module named).
// Nothing to do on a new database; a data folder of an older version is filled once.
export async function up(db: Kysely<any>): Promise<void> {
  // A new database has no team yet: the schemas are not even read.
  if (!(await sql`SELECT 1 FROM tenants LIMIT 1`.execute(db)).rows.length) return;
  await backfillCopies(db, new SchemaRegistry(path.resolve(process.env.SCHEMAS_DIR ?? './schemas')));
}

export async function down(): Promise<void> {
  // The filled values are what a save writes: nothing to undo.
}
