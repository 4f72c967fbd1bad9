// A schema's record conditions (a picker's filter, a tab, visibleWhen, retired, an aggregate's or a generator's
// filter) as SQL over the records `r`, with their ValueRefs ({ "$user" }, { "$dept" }, { "$field" }, { "$today" })
// resolved for the caller: the same filter SQL as a list's searches, trusted with any field of the record.
import { sql, type RawBuilder } from 'kysely';
import type { RecordCondition } from '../../../common/schema';
import { resolveRef, type RefContext } from '../../../common/rules/conditions';
import type { ModuleSchema } from './schema-registry';
import { filterSql } from './query';

const isDeptRef = (v: unknown) => !!v && typeof v === 'object' && !Array.isArray(v) && '$dept' in v;

/** SQL conditions of a schema filter (refs resolved), over the target module's records `r`. */
export function filterConds(
  tm: ModuleSchema,
  filter: RecordCondition[] | undefined,
  refs: RefContext,
): RawBuilder<unknown>[] {
  return (filter ?? []).map((c) => {
    // `has { $dept }`: the record names the caller's department or one above it (a parent covers its sub-departments).
    if (c.operator === 'has' && isDeptRef(c.value) && refs.deptPath && refs.deptPath.length > 1) {
      return sql`(${sql.join(
        refs.deptPath.map((d) => filterSql(tm, { field: c.field, operator: 'has', value: d }, { fromSchema: true })),
        sql` OR `,
      )})`;
    }
    const value = resolveRef(c.value, refs);
    // A filter on a form field nobody filled in yet offers nothing rather than everything.
    if (c.operator !== 'null' && c.operator !== 'notNull' && (value === undefined || value === null || value === ''))
      return sql`false`;
    return filterSql(tm, { field: c.field, operator: c.operator, value }, { fromSchema: true });
  });
}
