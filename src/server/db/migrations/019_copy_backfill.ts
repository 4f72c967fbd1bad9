import { sql, type Kysely, type Migration } from 'kysely';
import type { DataSteps } from '../data-steps';

// Records saved before their page declared a copied field (a production task's 道具项目, `picked.orderCode.projectId`)
// lack it, so the project tree and filters miss them. Fills every such field where it is missing from the record its
// picker names, as a save would now (the step the application hands in: which fields comes from the page schemas,
// no module named). Nothing to do on a new database; a data folder of an older version is filled once.
export function copyBackfill(steps: Partial<DataSteps>): Migration {
  return {
    async up(db: Kysely<any>): Promise<void> {
      // A new database has no team yet: the schemas are not even read.
      if (!(await sql`SELECT 1 FROM tenants LIMIT 1`.execute(db)).rows.length) return;
      if (!steps.copyBackfill)
        throw new Error(
          "019_copy_backfill: the teams' records need the copy backfill, which was not handed to openDatabase",
        );
      await steps.copyBackfill(db);
    },
    async down(): Promise<void> {
      // The filled values are what a save writes: nothing to undo.
    },
  };
}
