// How the demo story is told: each record's life is a few dated steps (created and submitted, each approver's
// decision, each stage action), all steps of all modules are played in date order through the same service
// functions users' requests use, and after each step the clock places what it wrote at its date. Playing in
// date order is what keeps the data consistent: an advance is paid before a claim offsets it, a prepayment
// is paid before a payable deducts it, and every pick and check sees the world as it was that day.
import type { TenantTx } from '../db/tenant-scope';
import { RecordStatus } from '../../common/record-status';
import type { ModuleSchema } from '../modules/records/schema-registry';
import { createRecord } from '../modules/records/service';
import { runStageAction } from '../modules/records/stages';
import { agree, refuse, withdraw, type Ctx } from '../modules/workflow/engine';
import type { Clock } from './clock';
import { at, dateAgo, hours } from './dates';

type Row = Record<string, unknown>;

export interface People { demo: number; staff: number; lisi: number; wang: number }

export interface Kit {
  trx: TenantTx;
  ctx: Ctx;
  people: People;
  /** 李四's permission codes (the finance role): stage actions are taken as her. */
  financeCodes: string[];
  clock: Clock;
  timeline: Timeline;
  /** Records of the story by name, once created (their id and final code). */
  refs: Map<string, { id: number; code: string }>;
  dict(key: string, name: string): number;
  cat(module: string, name: string): number;
  schema(module: string): ModuleSchema;
}

/** The steps of the story, played in date order (steps at the same moment in the order they were planned). */
export class Timeline {
  private steps: { at: number; seq: number; run: () => Promise<void> }[] = [];
  private count = 0;

  /** Plans a step; a step may plan later ones while the story plays (the next approver's decision). */
  add(when: Date, run: () => Promise<void>) {
    this.steps.push({ at: when.getTime(), seq: this.count++, run });
  }

  async play(clock: Clock) {
    while (this.steps.length) {
      let next = 0;
      this.steps.forEach((s, i) => {
        const n = this.steps[next];
        if (s.at < n.at || (s.at === n.at && s.seq < n.seq)) next = i;
      });
      const [s] = this.steps.splice(next, 1);
      await clock.step(new Date(s.at), s.run);
    }
  }
}

export async function loadLookups(trx: TenantTx, tenant: string) {
  const dicts = await trx.selectFrom('dictionaries').select(['id', 'field_key', 'dict_name']).where('tenant_code', '=', tenant).orderBy('id').execute();
  const cats = await trx.selectFrom('categories').select(['id', 'module', 'name']).where('tenant_code', '=', tenant).orderBy('id').execute();
  const d = new Map<string, number>();
  for (const r of dicts) if (!d.has(`${r.field_key}/${r.dict_name}`)) d.set(`${r.field_key}/${r.dict_name}`, r.id);
  const c = new Map<string, number>();
  for (const r of cats) if (!c.has(`${r.module}/${r.name}`)) c.set(`${r.module}/${r.name}`, r.id);
  return {
    dict(key: string, name: string) {
      const id = d.get(`${key}/${name}`);
      if (id === undefined) throw new Error(`demo seed: no ${key} item ${name}`);
      return id;
    },
    cat(module: string, name: string) {
      const id = c.get(`${module}/${name}`);
      if (id === undefined) throw new Error(`demo seed: no ${module} category ${name}`);
      return id;
    },
  };
}

/** Approval fates: where the story leaves a record's approval. */
export type Fate = 'draft' | 'review' | 'review2' | 'rejected' | 'withdrawn' | 'approved';

export interface Life {
  /** Name under which later steps find the record (kit.refs). */
  ref?: string;
  module: string;
  /** Who creates (and submits) it. */
  by: number;
  /** Days ago it is created (and submitted). */
  day: number;
  /** Minutes after 09:00 it is created, so records of one day keep an order. */
  minute?: number;
  /** The form as the creator fills it in, built when the step runs (so it can use earlier records' codes). */
  body: (k: Kit) => Row;
  categoryId?: number;
  fate: Fate;
  /** The reason of a refusal. */
  refusal?: string;
  /** Stage actions after it took effect, each on its day (taken by 李四, the finance role). */
  actions?: { day: number; key: string; values: (k: Kit) => Row; hour?: number }[];
  /** Runs right after the record took effect (e.g. placing an effect's date in the story). */
  afterApproval?: (k: Kit, id: number, code: string, when: Date) => Promise<void>;
}

const OPINIONS = ['同意', '情况属实，同意', '票据齐全，同意', '已核对，同意'];

async function openTask(k: Kit, recordId: number) {
  return k.trx.selectFrom('tasks').innerJoin('process_instances as pi', 'pi.id', 'tasks.instance_id').select(['tasks.id', 'tasks.assignee_id'])
    .where('pi.record_id', '=', recordId).where('tasks.status', '=', 'open').orderBy('tasks.id').executeTakeFirst();
}

/** Plans one record's life on the timeline. */
export function live(k: Kit, life: Life) {
  const m = k.schema(life.module);
  const created = hours(at(life.day, 9, 0), (life.minute ?? 30) / 60);
  let id = 0;
  let code = '';
  let approvedAt = created;
  k.timeline.add(created, async () => {
    const rec = await createRecord(k.trx, k.ctx, life.by, m, { ...life.body(k), ...(life.categoryId ? { categoryId: life.categoryId } : {}) },
      { submit: life.fate !== 'draft' });
    id = Number(rec.id);
    code = await k.clock.recode(id, m.codePrefix, String(rec.code), dateAgo(life.day));
    if (life.ref) k.refs.set(life.ref, { id, code });
    if (rec.status === RecordStatus.approved && life.afterApproval) await life.afterApproval(k, id, code, created);
  });
  if (life.fate === 'review2') {
    k.timeline.add(hours(created, 2), async () => {
      const task = await openTask(k, id);
      if (task) await agree(k.trx, k.ctx, task.assignee_id, task.id, undefined, '同意');
    });
  }
  if (life.fate === 'rejected') {
    k.timeline.add(hours(created, 3), async () => {
      const task = await openTask(k, id);
      if (!task) throw new Error(`demo seed: nothing to refuse on ${code}`);
      await refuse(k.trx, k.ctx, task.assignee_id, task.id, undefined, life.refusal ?? '信息不全，请补充后重新提交');
    });
  }
  if (life.fate === 'withdrawn') {
    k.timeline.add(hours(created, 1), () => withdraw(k.trx, k.ctx.tenant, life.by, id));
  }
  if (life.fate === 'approved') {
    // Each approver decides in turn: two hours after submission, then the next morning and afternoon.
    const times = [2, 24.5, 29.5, 48.5, 53.5].map((h) => hours(created, h));
    const decide = (i: number) => k.timeline.add(times[i], async () => {
      const task = await openTask(k, id);
      if (!task) return;
      const outcome = await agree(k.trx, k.ctx, task.assignee_id, task.id, undefined, OPINIONS[(id + i) % OPINIONS.length]);
      if (outcome === 'approved') {
        approvedAt = times[i];
        await life.afterApproval?.(k, id, code, times[i]);
      } else if (i + 1 < times.length) decide(i + 1);
    });
    decide(0);
    for (const a of life.actions ?? []) {
      const when = at(a.day, a.hour ?? 10, 15);
      k.timeline.add(when, async () => {
        if (when <= approvedAt) throw new Error(`demo seed: ${code} ${a.key} planned before its approval`);
        await runStageAction(k.trx, k.ctx, m, id, a.key, a.values(k), k.people.lisi, k.financeCodes);
      });
    }
  }
}

/** Plans a record of a module without approval (it takes effect when saved). */
export function saved(k: Kit, life: Omit<Life, 'fate' | 'refusal' | 'actions' | 'afterApproval'>) {
  live(k, { ...life, fate: 'draft' });
}
