// What a sample record allows now and how its actions move it: the server's rules for someone who holds every
// permission (the record's status and stage decide, as they do for an administrator), on records kept in memory.
import type { EntityDef, StageAction } from '../../../common/schema/types';
import { holds } from '../../../common/computed';
import { EDITABLE_STATUSES, RecordStatus } from '../../../common/record-status';
import { hasApproval } from './sample-records';
import { SAMPLE_TODAY } from './sample-values';
import { stageFieldOf } from '../../../common/schema/stage-field';

type Rec = Record<string, unknown>;

/** The stage actions the record offers: taken effect, in one of the action's `from` stages, its `when` holding. */
export function stageActionsFor(e: EntityDef, row: Rec): StageAction[] {
  if (!e.stages || row.status !== RecordStatus.approved) return [];
  const cur = String(row[stageFieldOf(e.stages)]);
  return e.stages.actions.filter((a) => {
    if (!a.from.includes(cur)) return false;
    try {
      return !a.when || holds(a.when, row, (row.lines as Rec[]) ?? [], { today: SAMPLE_TODAY });
    } catch {
      return true;
    }
  });
}

/** The keys of the record's allowed actions (row operations and drawer buttons show only these). */
export function rowActions(e: EntityDef, row: Rec): string[] {
  const status = String(row.status);
  const out = ['view'];
  const prints = e.printable || e.print ? ['print'] : [];
  const docs = (e.documents ?? []).filter((d) => d.from === 'record').map((d) => d.key);
  const stages = stageActionsFor(e, row).map((a) => a.key);
  if (e.readOnly || e.viewOf) return [...out, ...prints, ...docs, ...(e.viewOf ? stages : [])];
  const locked = !!e.stages?.values.some((v) => v.value === row[stageFieldOf(e.stages)] && v.locked);
  const changeable =
    (EDITABLE_STATUSES.includes(status) || (!hasApproval(e) && status === RecordStatus.approved)) && !locked;
  if (changeable) out.push('edit', 'delete');
  if (hasApproval(e) && EDITABLE_STATUSES.includes(status)) out.push('submit');
  if (status === RecordStatus.inReview) out.push('withdraw');
  return [...out, ...prints, ...docs, ...stages];
}

/** The status (and stage) a saved record has: a list without approval takes effect at once and enters its first stage. */
export function savedProgress(e: EntityDef, submit: boolean): Rec {
  if (hasApproval(e)) return { status: submit ? RecordStatus.inReview : RecordStatus.draft };
  return { status: RecordStatus.approved, ...(e.stages ? { [stageFieldOf(e.stages)]: e.stages.initial } : {}) };
}

/** An approval's end: 同意 takes effect (and enters the first stage), 驳回 and 撤回 hand it back. */
export function decided(e: EntityDef, how: 'agree' | 'refuse' | 'withdraw'): Rec {
  if (how === 'agree')
    return { status: RecordStatus.approved, ...(e.stages ? { [stageFieldOf(e.stages)]: e.stages.initial } : {}) };
  return { status: how === 'refuse' ? RecordStatus.rejected : RecordStatus.withdrawn };
}

/** A stage action on the record: refused when the record does not offer it; else its stage, values and counters. */
export function applyStage(e: EntityDef, row: Rec, key: string, values: Rec = {}): Rec {
  const action = stageActionsFor(e, row).find((a) => a.key === key);
  if (!action) throw Object.assign(new Error(`该记录当前不能执行「${key}」`), { status: 409 });
  const skip = new Set(action.inputOnly ?? []);
  const stored = Object.fromEntries(Object.entries(values).filter(([k]) => !skip.has(k) && k !== 'lines'));
  const counted = Object.fromEntries((action.increment ?? []).map((f) => [f, (Number(row[f]) || 0) + 1]));
  return { ...row, ...stored, ...counted, ...(action.to ? { [stageFieldOf(e.stages)]: action.to } : {}) };
}
