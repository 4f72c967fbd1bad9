// Fields for one kind of team only (`teamTypes` on a field: 部门 in enterprise teams): in a team of another kind the
// page is served as if the field were tuned away — hidden, not required, off the add dialog, the list and the
// search — through the same overrides the field-options page stores, so the form and the server's checks agree.
import type { FieldOverrides } from './field-options';
import { formFields } from './field-options';
import type { PageSchema } from './types';

export type TeamType = 'individual' | 'enterprise';

/** The overrides that take a team kind's foreign fields out of the page (empty when it has none). */
export function teamTypeOverrides(schema: PageSchema, type: TeamType | null | undefined): FieldOverrides {
  if (!type) return {};
  const out: FieldOverrides = {};
  for (const f of formFields(schema)) {
    if (f.teamTypes && !f.teamTypes.includes(type))
      out[f.fieldName] = { hidden: true, requireAble: false, isAdd: false, listShow: false, searchable: false };
  }
  return out;
}
