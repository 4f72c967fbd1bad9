// What the records core reads of the application's services: the database, the page schemas, the callers'
// rights, and the page as a team tuned it. The services (services.ts) build them out of the records core's own
// parts among others, so the core names only what it reads.
import type { DB } from '../../db';
import type { AclService } from '../acl/acl';
import type { ModuleSchema, SchemaRegistry } from './schema-registry';

export interface RecordSources {
  db: DB;
  schemas: SchemaRegistry;
  acl: AclService;
  /** The page as a team tuned it on the field-options page, which builds on the records core. */
  fieldOptions: { effective(tenant: string, m: ModuleSchema): Promise<ModuleSchema> };
}
