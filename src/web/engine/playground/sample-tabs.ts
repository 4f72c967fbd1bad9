// The section header's tabs over sample records: records are spread over the tabs (each tab's conditions made true of
// some of them, so no tab opens empty), and a tab or a search filters them as the server compares values.
import type { EntityDef, RecordCondition } from '../../../common/schema/types';
import type { Filter } from '../../api/data-provider';
import { listTabs } from '../../../common/list-views';
import { resolveRef } from '../../../common/rules/conditions';
import { RecordStatus } from '../../../common/record-status';
import { matches } from '../fixtures/fixture-provider';
import { recordFields } from './sample-records';
import { optionsOf, SAMPLE_TODAY, type SampleScope } from './sample-values';
import { stageFieldOf } from '../../../common/schema/stage-field';

/** Who the sample viewer is: user 1, an administrator, on the sample day. */
export const SAMPLE_REFS = { today: SAMPLE_TODAY, userId: 1, isAdmin: true };

type Rec = Record<string, unknown>;
const same = (a: unknown, b: unknown) =>
  a === b || (a !== undefined && a !== null && b !== undefined && b !== null && String(a) === String(b));

/** Whether a record meets a condition: values compared as text, a select also by its option's name (<field>Name). */
export function sampleMatches(row: Rec, f: Filter | RecordCondition): boolean {
  const v = row[f.field];
  const have = [...(Array.isArray(v) ? v : [v]), row[`${f.field}Name`]];
  switch (f.operator) {
    case 'eq':
      return have.some((h) => same(h, f.value));
    case 'ne':
      return !have.some((h) => same(h, f.value));
    case 'in':
      return (f.value as unknown[]).some((x) => have.some((h) => same(h, x)));
    case 'has':
      return Array.isArray(v) && v.some((h) => same(h, f.value));
    case 'year':
      return String(v ?? '').startsWith(String(f.value));
    default:
      return matches(row as Rec & { id: string }, f);
  }
}

/** The conditions the i-th record is made to meet: those of one of the list's tabs in turn (none for every n-th). */
export function tabConditions(e: EntityDef, i: number): RecordCondition[] {
  // The stages are spread over already (sample-records.ts): the first records, one in each, stay as they are.
  const first = e.stages?.values.length ?? 0;
  const own = (c: RecordCondition) => c.field !== stageFieldOf(e.stages);
  const tabs = listTabs(e)
    .map((t) => (t.filter ?? []).filter(own))
    .filter((f) => f.length);
  return tabs.length && i >= first ? (tabs[(i - first) % (tabs.length + 1)] ?? []) : [];
}

const DAY = /^\d{4}-\d{2}-\d{2}/;
/** A value on the far side of a bound: a number one past it, a day one past it. */
function beyond(bound: unknown, step: 1 | -1): unknown {
  if (typeof bound === 'number') return bound + step;
  if (typeof bound === 'string' && DAY.test(bound))
    return new Date(Date.parse(bound.slice(0, 10)) + step * 86_400_000).toISOString().slice(0, 10);
  return undefined;
}

/** The record with each condition made true: a select's option of that name, a list holding the value, a year's day. */
export function meeting(e: EntityDef, row: Rec, conditions: RecordCondition[], scope: SampleScope): Rec {
  const out = { ...row };
  const fields = recordFields(e);
  for (const c of conditions) {
    const value = c.value === undefined ? undefined : resolveRef(c.value, SAMPLE_REFS);
    const wanted = c.operator === 'in' && Array.isArray(value) ? value[0] : value;
    const option = optionsOf(fields.find((f) => f.fieldName === c.field)?.data, scope)?.find((o) => o.label === wanted);
    const stored = option ? option.value : wanted;
    switch (c.operator) {
      case 'eq':
      case 'in':
      case 'contains':
        out[c.field] = stored;
        if (option) out[`${c.field}Name`] = option.label;
        break;
      case 'has':
        out[c.field] = [
          ...(Array.isArray(out[c.field]) ? (out[c.field] as unknown[]) : []).filter((x) => !same(x, stored)),
          stored,
        ];
        break;
      case 'year':
        out[c.field] = `${String(stored)}-03-05`;
        break;
      case 'gt':
      case 'gte':
      case 'lt':
      case 'lte': {
        const v = beyond(stored, c.operator.startsWith('g') ? 1 : -1);
        if (v !== undefined) out[c.field] = v;
        break;
      }
      case 'null':
        delete out[c.field];
        break;
      default:
        break;
    }
  }
  // Only a record in effect has a stage, and one in effect has one.
  if (e.stages && out.status !== RecordStatus.approved) delete out[stageFieldOf(e.stages)];
  else if (e.stages && out[stageFieldOf(e.stages)] === undefined) out[stageFieldOf(e.stages)] = e.stages.initial;
  return out;
}
