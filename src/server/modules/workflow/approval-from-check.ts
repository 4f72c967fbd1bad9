// The start-up check of a page's `approvalFrom` (approval-from.ts): its field must be a record picker of the page
// reading a known module that exposes its lines, and its required files must be upload fields of the page. Apart from approval-from.ts so that the schema registry can ask it
// without the workflow's and pickers' imports behind it.
import type { ModuleSchema } from '../records/module-schema';
import { recordSourceOf } from '../records/record-source';

/** Start-up check: the picker exists on the page and reads a module with lines. */
export function approvalFromProblems(m: ModuleSchema, has: (module: string) => boolean): string[] {
  const af = m.schema.approvalFrom;
  if (!af) return [];
  const f = m.fields.find((x) => x.fieldName === af.field);
  const src = f && recordSourceOf(f.data);
  if (!src) return [`approvalFrom.field "${af.field}" is not a record picker of the page`];
  if (!has(src.module)) return [`approvalFrom.field "${af.field}" picks from unknown module "${src.module}"`];
  if (!(src.expose ?? []).includes('lines')) return [`approvalFrom.field "${af.field}" must expose "lines"`];
  // Each required file label names an upload field of the page.
  return Object.entries(af.requiredFiles?.files ?? {})
    .filter(([, field]) => m.fields.find((x) => x.fieldName === field)?.fontendType !== 'upload')
    .map(([label, field]) => `approvalFrom.requiredFiles "${label}" names "${field}", not an upload field of the page`);
}
