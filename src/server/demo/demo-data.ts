// Demo data as data: the files under demo/ (sorted by name) say which records the demo team holds and what
// happened to each (submitted, agreed, refused, withdrawn, stage actions), in the team's words. This runner
// knows no module: it replays every file through the same service paths users' requests take, so demo data
// passes exactly the rules, computed fields, pickers, checks and effects that users' data does.
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { TenantTx } from '../db/tenant-scope';
import { todayInChina } from '../../common/defaults';
import { createRecord, submitRecord } from '../modules/records/service';
import { runStageAction, stageActionCode } from '../modules/records/stages';
import { getRecord, toFlat } from '../modules/records/repository';
import { agree, refuse, withdraw, type Ctx } from '../modules/workflow/engine';
import { relativeDate, resolve, type DemoRefs } from './refs';

export interface DemoFile {
  $comment?: string;
  module: string;
  records: DemoRecord[];
}

export type DemoStep =
  | { submit: string }
  | { agree: string; comments?: string }
  /** Agrees every open task, each as its assignee, until the record takes effect. */
  | { agreeAll: true }
  | { refuse: string; comments: string }
  | { withdraw: string }
  | { stage: string; by: string; values?: Record<string, unknown> };

export interface DemoRecord {
  /** A name later records refer to with { "$ref": key }. */
  key?: string;
  /** Username of the creator. */
  by: string;
  /** When it happened, relative to today (e.g. "-200d"): the record's history is moved there. */
  at: string;
  /** Category tree node, by name. */
  category?: string;
  data: Record<string, unknown>;
  then?: DemoStep[];
}

/** The demo files of a folder, in name order. */
export function readDemoFiles(dir: string): { file: string; content: DemoFile }[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort()
    .map((f) => ({ file: f, content: JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as DemoFile }));
}

async function openTask(trx: TenantTx, tenant: string, recordId: number, assignee?: number) {
  let q = trx.selectFrom('tasks').innerJoin('process_instances as pi', 'pi.id', 'tasks.instance_id').select(['tasks.id', 'tasks.assignee_id'])
    .where('tasks.tenant_code', '=', tenant).where('pi.record_id', '=', recordId).where('tasks.status', '=', 'open');
  if (assignee !== undefined) q = q.where('tasks.assignee_id', '=', assignee);
  return q.orderBy('tasks.id').executeTakeFirst();
}

/** Moves a record's history to its day: created that morning, each decision a few hours later, stage actions days later. */
async function backdate(trx: TenantTx, tenant: string, recordId: number, day: string) {
  const at = `${day}T09:30:00+08:00`;
  const shift = sql`(${at}::timestamptz - now())`;
  await sql`UPDATE records SET created_at = created_at + ${shift}, updated_at = updated_at + ${shift} WHERE tenant_code = ${tenant} AND id = ${recordId}`.execute(trx);
  await sql`UPDATE process_instances SET created_at = created_at + ${shift}, ended_at = ended_at + ${shift} + interval '1 day' WHERE tenant_code = ${tenant} AND record_id = ${recordId}`.execute(trx);
  await sql`UPDATE tasks SET created_at = tasks.created_at + ${shift} + (tasks.step_index * interval '5 hour'), ended_at = tasks.ended_at + ${shift} + ((tasks.step_index + 1) * interval '5 hour')
    FROM process_instances pi WHERE pi.id = tasks.instance_id AND tasks.tenant_code = ${tenant} AND pi.record_id = ${recordId}`.execute(trx);
  await sql`UPDATE record_events SET created_at = created_at + ${shift} + CASE kind WHEN 'stage' THEN interval '2 day' ELSE interval '0' END WHERE tenant_code = ${tenant} AND record_id = ${recordId}`.execute(trx);
}

/** Replays the demo files for the team; `users` maps usernames to ids. Returns how many records each module got. */
export async function loadDemoData(trx: TenantTx, ctx: Ctx, users: Map<string, number>, files: { file: string; content: DemoFile }[]) {
  const refs: DemoRefs = { trx, tenant: ctx.tenant, today: todayInChina(), records: new Map(), users };
  const counts: Record<string, number> = {};
  const who = (u: string) => {
    const id = users.get(u);
    if (id === undefined) throw new Error(`demo data: no user "${u}"`);
    return id;
  };
  for (const { file, content } of files) {
    const m = ctx.schemas.get(content.module);
    if (!m) throw new Error(`demo/${file}: no page schema for module "${content.module}"`);
    const allStages = (m.schema.stages?.actions ?? []).map((a) => stageActionCode(m, a));
    for (const [i, r] of content.records.entries()) {
      const where = `demo/${file} record ${r.key ?? i + 1}`;
      try {
        const body = (await resolve(r.data, refs)) as Record<string, unknown>;
        if (r.category) {
          const c = await trx.selectFrom('categories').select('id').where('tenant_code', '=', ctx.tenant).where('module', '=', m.schema.module).where('name', '=', r.category).executeTakeFirst();
          if (!c) throw new Error(`no category "${r.category}"`);
          body.categoryId = c.id;
        }
        const created = await createRecord(trx, ctx, who(r.by), m, body);
        const id = Number(created.id);
        for (const step of r.then ?? []) {
          if ('submit' in step) {
            await submitRecord(trx, ctx, { userId: who(step.submit), isAdmin: true, permissions: [] }, m, id);
          } else if ('agreeAll' in step) {
            for (let n = 0; n < 10; n++) {
              const task = await openTask(trx, ctx.tenant, id);
              if (!task) break;
              await agree(trx, ctx, task.assignee_id, task.id, undefined, ['同意', '情况属实，同意', '票据齐全，同意'][n % 3]);
            }
          } else if ('agree' in step || 'refuse' in step) {
            const user = who('agree' in step ? step.agree : step.refuse);
            const task = await openTask(trx, ctx.tenant, id, user);
            if (!task) throw new Error(`${'agree' in step ? step.agree : step.refuse} has no open task`);
            if ('agree' in step) await agree(trx, ctx, user, task.id, undefined, step.comments ?? '同意');
            else await refuse(trx, ctx, user, task.id, undefined, step.comments);
          } else if ('withdraw' in step) {
            await withdraw(trx, ctx.tenant, who(step.withdraw), id);
          } else if ('stage' in step) {
            const values = (await resolve(step.values ?? {}, refs)) as Record<string, unknown>;
            await runStageAction(trx, ctx, m, id, step.stage, values, who(step.by), allStages);
          }
        }
        await backdate(trx, ctx.tenant, id, relativeDate(r.at, refs.today));
        if (r.key) refs.records.set(r.key, toFlat((await getRecord(trx, ctx.tenant, m.schema.module, id))!));
        counts[m.schema.module] = (counts[m.schema.module] ?? 0) + 1;
      } catch (e) {
        throw new Error(`${where}: ${(e as Error).message}`);
      }
    }
  }
  return counts;
}
