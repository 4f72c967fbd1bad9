// What a page leaves to defaults, filled in: its key (and its nested lists'), its buttons' keys and texts
// (button-defaults.ts), its permission codes
// (permission-defaults.ts), the items of the tab bar it names (tab-bars.ts), the OA tabs its headers name, the
// options of a search on the approval status and of a search or status column on the stage, the effects an "ended"
// effect declares, and the record pickers its fields and columns name (pickers.ts). Applied where a page is validated
// (loader.ts) and to the page the browser bundles; filling a page in twice gives the same page.
import { namedOaTabs } from '../list-views';
import { RecordStatus } from '../record-status';
import { withButtonDefaults } from './button-defaults';
import { withPermissionDefaults } from './permission-defaults';
import { withNamedPickers } from './pickers';
import { recordListsOf } from './record-lists';
import { withTabBar } from './tab-bars';
import type { AnyPageSchema, EffectDef, Option } from './types';
import { stageFieldOf } from './stage-field';

/** Every approval status a record may carry, in the order a record meets them. */
export const RECORD_STATUS_OPTIONS: readonly Option[] = Object.values(RecordStatus).map((s) => ({
  label: s,
  value: s,
}));

/**
 * `status` is the approval status every record carries (record-status.ts): a search on it that lists no options of
 * its own offers all of them, instead of each page copying the same five.
 */
function withStatusOptions<T extends AnyPageSchema>(schema: T): T {
  for (const e of recordListsOf(schema)) {
    for (const f of e.list?.search ?? []) {
      if (f.fieldName === 'status' && f.data === undefined) f.data = RECORD_STATUS_OPTIONS.map((o) => ({ ...o }));
    }
  }
  return schema;
}

/**
 * A status column on the field that holds a list's stage (StagesConfig.field), and a select search on it, offer the
 * stages' values when they list none of their own: the column with each stage's colour, the search by value only.
 */
function withStageOptions<T extends AnyPageSchema>(schema: T): T {
  for (const e of recordListsOf(schema)) {
    const stages = e.stages;
    if (!stages) continue;
    const field = stageFieldOf(stages);
    for (const c of e.list.columns) {
      if (c.prop === field && c.type === 'status' && c.data === undefined) {
        c.data = stages.values.map((v) => ({ label: v.value, value: v.value, ...(v.color ? { color: v.color } : {}) }));
      }
    }
    for (const f of e.list.search ?? []) {
      if (f.fieldName === field && f.fontendType === 'select' && f.data === undefined)
        f.data = stages.values.map((v) => ({ label: v.value, value: v.value }));
    }
  }
  return schema;
}

/** A page's route and key, and a nested list's, is its module unless it writes another (design/doormanManagement). */
export const keyOf = (e: { key?: string; module: string }): string => e.key ?? e.module;

function withKeys<T extends AnyPageSchema>(schema: T): T {
  schema.key = keyOf(schema);
  for (const e of recordListsOf(schema)) e.key = keyOf(e);
  return schema;
}

/**
 * A header naming a set of OA tabs (list-views.ts namedOaTabs) gets them before its own tabs, as if it wrote them; the
 * name goes, so a page filled in twice gets them once.
 */
function withOaTabs<T extends AnyPageSchema>(schema: T): T {
  for (const e of recordListsOf(schema)) {
    const h = e.sectionHeader;
    if (!h?.oaTabs) continue;
    h.tabs = [...namedOaTabs(h), ...(h.tabs ?? [])];
    delete h.oaTabs;
  }
  return schema;
}

const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * A document gives back the same whether its approval is refused or withdrawn, and counts it again when it is
 * resubmitted: so an effect `on: "ended"` becomes, in its place, the effect on `refused` and on `withdrawn` and, with
 * `resubmitted`, its counterpart with those properties, keyed <key>Refused, <key>Withdrawn, <key>Resubmitted; the
 * engine runs and records each like any other effect.
 */
export function endedEffects(e: EffectDef): EffectDef[] {
  if (e.on !== 'ended') return [e];
  const { resubmitted, ...base } = e;
  const as = (on: string, over: Partial<EffectDef> = {}): EffectDef => ({
    ...structuredClone(base),
    ...structuredClone(over),
    key: `${e.key}${capitalized(on)}`,
    on,
  });
  return [as('refused'), as('withdrawn'), ...(resubmitted ? [as('resubmitted', resubmitted)] : [])];
}

function withEndedEffects<T extends AnyPageSchema>(schema: T): T {
  for (const e of recordListsOf(schema))
    if (e.effects?.some((x) => x.on === 'ended')) e.effects = e.effects.flatMap(endedEffects);
  return schema;
}

export const withPageDefaults = <T extends AnyPageSchema>(schema: T): T =>
  withNamedPickers(
    withEndedEffects(
      withStageOptions(
        withStatusOptions(withOaTabs(withTabBar(withPermissionDefaults(withButtonDefaults(withKeys(schema)))))),
      ),
    ),
  );
