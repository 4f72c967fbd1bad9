// The records core's answer to the file route: whether a session may open one of the records holding a file
// (files/access.ts asks it; it is handed over at start, so the file module imports nothing of the records).
import type { RecordSources } from './sources';
import { withTenantRead } from '../../db/tenant-scope';
import type { HoldersOpen } from '../files/access';
import { openableRecords } from './gate';
import type { ModuleSchema, SchemaRegistry } from './schema-registry';

/** A holder is opened through each page that shows its record with its files, with the gate's three checks. */
export function recordHoldersOpen(s: RecordSources): HoldersOpen {
  return async (session, tenant, holders) => {
    const items = holders.flatMap((h) =>
      (h.module ? pagesShowingFiles(s.schemas, h.module) : []).map((module) => ({ module, id: h.id })),
    );
    if (!items.length) return false;
    // The rights first, outside the read: computing them takes a transaction of its own.
    const acl = await s.acl.forSession(session);
    const open = await withTenantRead(s.db, tenant, (trx) =>
      openableRecords(s, { ...session, acl, tenantCode: tenant }, trx, items),
    );
    return open.size > 0;
  };
}

const showing = new WeakMap<SchemaRegistry, Map<string, string[]>>();

/**
 * The pages that show a record stored as `module` with its files: its own, and the views over it (viewOf) whose
 * form has an upload or image field (道具进度 shows the order's pictures; 我的档案 shows no attachment).
 */
function pagesShowingFiles(schemas: SchemaRegistry, module: string): string[] {
  let byModule = showing.get(schemas);
  if (!byModule) {
    byModule = new Map();
    const withFiles = (m: ModuleSchema) =>
      m.fields.some((f) => f.fontendType === 'upload' || f.fontendType === 'image') ||
      m.lineColumns.some((c) => c.type === 'image');
    for (const m of schemas.all()) {
      const stored = m.schema.viewOf ?? m.schema.module;
      if (m.schema.viewOf && !withFiles(m)) continue;
      byModule.set(stored, [...(byModule.get(stored) ?? []), m.schema.module]);
    }
    showing.set(schemas, byModule);
  }
  return byModule.get(module) ?? [module];
}
