// What some migrations need of the application: data filled as the current code writes it, which only the
// application knows (which fields a page copies is read from its page schemas). Whoever opens the database hands
// the steps in (app.ts), so the migrations import no module of the application.
import type { Kysely } from 'kysely';

export interface DataSteps {
  /** Fills the copied fields that records saved before their page declared them lack (migration 019). */
  copyBackfill(db: Kysely<unknown>): Promise<void>;
}
