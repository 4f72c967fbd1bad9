// How the demo story is told. The story is data (demo/*.json, format in demo/README.md): records of any
// modules, each with its life — created (and submitted) by whom and when, each approver's decision, each stage
// action. Every step of every record is played in date order through the same service functions users'
// requests take, with that step's day as the ctx's today (so rules, defaults, auto stages and effects see the
// story's date), and after each step the clock places what it wrote at its moment. Playing in date order is
// what keeps the data consistent: an advance is paid before a claim offsets it, a prepayment is paid before a
// payable deducts it, and every pick and check sees the world as it was that day. Nothing here names a module.
import { sql } from 'kysely';
import fs from 'node:fs';
import path from 'node:path';
import type { TenantTx } from '../db/tenant-scope';
import type { ModuleSchema } from '../modules/records/schema-registry';
import { changeRecord, createRecord, submitRecord } from '../modules/records/service';
import { getRecord, toFlat } from '../modules/records/repository';
import { RecordStatus } from '../../common/record-status';
import { generateRecord } from '../modules/records/generate';
import { runStageAction } from '../modules/records/stages';
import { agree, refuse, withdraw } from '../modules/workflow/engine';
import type { Ctx } from '../modules/records/ctx';
import type { Clock } from './clock';
import { at, dateAgo, hours } from '../data-refs/dates';
import { todayInChina } from '../../common/china-time';
import { madeRefs, resolve, type Lookups } from '../data-refs/refs';
import { partitionKey } from '../db/record-partitions';

type Row = Record<string, unknown>;

/** Where the story leaves a record: not submitted (a module without approval: saved, in effect), at its first,
 * second, third or fourth approval step, refused, withdrawn, or approved (by each approver in turn). */
export const FATES = ['draft', 'review', 'review2', 'review3', 'review4', 'rejected', 'withdrawn', 'approved'] as const;
export type Fate = (typeof FATES)[number];

export interface DemoAction {
  /** Days ago, at hour:minute (China time; default 10:15). */
  day: number;
  hour?: number;
  minute?: number;
  /** The stage action's key in the record's page schema. */
  key: string;
  /** Who takes it (username): they need its permission. */
  by: string;
  values?: Row;
}

export interface DemoRecord {
  module: string;
  /** Name under which later records refer to it ({ "$ref": name, "prop": "id" | "code" }). */
  ref?: string;
  /** Who creates (and submits) it: a username. */
  by: string;
  /** Days ago it is created, at 09:00 + minute (default 30). */
  day: number;
  minute?: number;
  /** Its category, by name, in the module's category tree. */
  category?: string;
  /** The form as its creator fills it in, with references (refs.ts); for `generate`, what the generator asks for. */
  data: Row;
  /** Made by this generator of the page (e.g. 生成工资表) instead of filled in: then submitted unless a draft. */
  generate?: string;
  fate?: Fate;
  /** The reason of a refusal. */
  refusal?: string;
  /**
   * Not created but taken over: the `index`-th record of this module that an earlier record's effects made (a
   * project's prop orders, an allocation's task), found on `day`, so the story can take its stage actions.
   */
  made?: { from: string; index?: number };
  actions?: DemoAction[];
}

/** A record and the place it was read from, for error messages. */
export interface Entry {
  record: DemoRecord;
  where: string;
}

/** The demo folder of the working directory, like schemas/ (DEMO_DIR overrides it); not found through this file's
 * own location, which is dist/server/ once the server is bundled. */
export const DEMO_DIR = path.resolve(process.env.DEMO_DIR ?? 'demo');

const isDay = (n: unknown) => typeof n === 'number' && Number.isInteger(n);

function checkEntry({ record: r, where }: Entry) {
  const bad = (what: string) => new Error(`demo ${where}: ${what}`);
  if (!r || typeof r !== 'object') throw bad('not an object');
  if (typeof r.module !== 'string' || typeof r.by !== 'string' || !isDay(r.day))
    throw bad('module, by and day are required');
  if (!r.data || typeof r.data !== 'object') throw bad('data is required');
  if (r.fate !== undefined && !FATES.includes(r.fate)) throw bad(`unknown fate ${String(r.fate)}`);
  if (r.minute !== undefined && !isDay(r.minute)) throw bad('minute must be a whole number');
  if (r.made !== undefined && (typeof r.made.from !== 'string' || (r.made.index !== undefined && !isDay(r.made.index))))
    throw bad('made needs from (a ref) and a whole index');
  for (const a of r.actions ?? []) {
    if (typeof a.key !== 'string' || typeof a.by !== 'string' || !isDay(a.day))
      throw bad('an action needs day, key and by');
  }
}

/** Every record of the demo folder's *.json files, in file order, then in each file's order. */
export function loadDemo(dir = DEMO_DIR): Entry[] {
  if (!fs.existsSync(dir)) return [];
  const entries: Entry[] = [];
  // NN-name.json files tell the story; people.json (seed/people.ts) is the staff.
  for (const name of fs
    .readdirSync(dir)
    .filter((f) => /^\d+-.*\.json$/.test(f))
    .sort()) {
    const file = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as { records?: DemoRecord[] };
    if (!Array.isArray(file.records)) throw new Error(`demo ${name}: no records`);
    file.records.forEach((record, i) => entries.push({ record, where: `${name} #${i + 1}` }));
  }
  entries.forEach(checkEntry);
  return entries;
}

/** The first day of the story (days ago): when the team went live. */
export const firstDay = (entries: Entry[]) => Math.max(0, ...entries.map((e) => e.record.day));

/** The steps of the story, played in date order (steps at the same moment in the order they were planned). */
class Timeline {
  private steps: { at: number; seq: number; run: () => Promise<void> }[] = [];
  private count = 0;

  /** Plans a step; a step may plan later ones while the story plays (the next approver's decision). */
  add(when: Date, run: () => Promise<void>) {
    this.steps.push({ at: when.getTime(), seq: this.count++, run });
  }

  private played = 0;

  progress(): [number, number] {
    return [this.played, this.played + this.steps.length];
  }

  /** Plays steps for about `ms` milliseconds (at least one), `after` each: true while some are left. */
  async play(clock: Clock, ctx: Ctx, ms: number, after: (played: number) => Promise<void>) {
    const until = Date.now() + ms;
    for (let n = 0; this.steps.length; n++) {
      if (n && Date.now() > until) break;
      let next = 0;
      this.steps.forEach((s, i) => {
        const n = this.steps[next];
        if (s.at < n.at || (s.at === n.at && s.seq < n.seq)) next = i;
      });
      const [s] = this.steps.splice(next, 1);
      const when = new Date(s.at);
      ctx.today = todayInChina(when);
      ctx.now = when;
      await clock.step(when, s.run);
      await after(++this.played);
    }
    delete ctx.today;
    delete ctx.now;
    return this.steps.length > 0;
  }
}

/** The people of the story by username: their id and their permission codes in the team (for stage actions). */
export type Cast = Map<string, { id: number; permissions: string[] }>;

const OPINIONS = ['同意', '情况属实，同意', '票据齐全，同意', '已核对，同意'];

export class Story {
  private readonly timeline = new Timeline();
  /** Records of the story by ref, once created (their id and final code). */
  private readonly refs = new Map<string, { id: number; code: string }>();
  /** What each story record's effects made, by its ref: the made records' module, id and code. */
  private readonly made = new Map<string, { module: string; id: number; code: string }[]>();
  /** The refs a `$made` reference names: only their records' effects are looked up. */
  private readonly madeFrom = new Set<string>();

  private constructor(
    private trx: TenantTx,
    private readonly ctx: Ctx,
    private readonly clock: Clock,
    private readonly cast: Cast,
    private readonly look: Lookups,
    private readonly cat: (module: string, name: string) => number,
  ) {}

  /** Reads the team's dictionaries, categories and roles, for the references of the story. */
  static async open(
    trx: TenantTx,
    ctx: Ctx,
    clock: Clock,
    cast: Cast,
    files: Map<string, { url: string; name: string }> = new Map(),
  ) {
    const tenant = ctx.tenant;
    const [dicts, cats, roles] = await Promise.all([
      trx
        .selectFrom('dictionaries')
        .select(['id', 'field_key as key', 'dict_name as name'])
        .where('tenant_code', '=', tenant)
        .orderBy('id')
        .execute(),
      trx
        .selectFrom('categories')
        .select(['id', 'module as key', 'name'])
        .where('tenant_code', '=', tenant)
        .orderBy('id')
        .execute(),
      trx
        .selectFrom('roles')
        .select(['id', 'role_key as key', 'role_name as name'])
        .where('tenant_code', '=', tenant)
        .orderBy('id')
        .execute(),
    ]);
    const index = (
      rows: { id: number; key: string; name: string }[],
      by: (r: { key: string; name: string }) => string,
    ) => {
      const m = new Map<string, number>();
      for (const r of rows) if (!m.has(by(r))) m.set(by(r), r.id);
      return m;
    };
    const d = index(dicts, (r) => `${r.key}/${r.name}`);
    const c = index(cats, (r) => `${r.key}/${r.name}`);
    const rk = index(roles, (r) => r.key);
    const found = <T>(v: T | undefined, what: string): T => {
      if (v === undefined) throw new Error(`no ${what}`);
      return v;
    };
    let story: Story;
    const look: Lookups = {
      user: (name) => found(cast.get(name), `user ${name}`).id,
      dict: (key, name) => found(d.get(`${key}/${name}`), `${key} item ${name}`),
      role: (key) => found(rk.get(key), `role ${key}`),
      record: (ref, prop) => found(story.refs.get(ref), `record ${ref} (yet)`)[prop],
      made: (ref, module, prop) =>
        found(
          (story.made.get(ref) ?? []).find((x) => x.module === module),
          `${module} made by ${ref} (yet)`,
        )[prop],
      file: (name) => found(files.get(name), `file ${name}`),
    };
    story = new Story(trx, ctx, clock, cast, look, (module, name) =>
      found(c.get(`${module}/${name}`), `${module} category ${name}`),
    );
    return story;
  }

  /** Plans every record's life, then plays all steps in date order. */
  async tell(entries: Entry[]) {
    this.planAll(entries);
    await this.playFor(Infinity);
  }

  /** Plans every record's life; playFor() then plays the steps. */
  planAll(entries: Entry[]) {
    for (const e of entries) {
      madeRefs(e.record, this.madeFrom);
      if (e.record.made) this.madeFrom.add(e.record.made.from);
    }
    for (const e of entries) this.plan(e);
  }

  /** Plays steps in date order for about `ms` milliseconds of work: true while some are left. */
  playFor(ms: number) {
    return this.timeline.play(this.clock, this.ctx, ms, (played) => this.refreshStatistics(played));
  }

  /** The steps played so far, and those planned (played or not). */
  progress(): [number, number] {
    return this.timeline.progress();
  }

  /** The transaction the next steps write in: a story may be played over several (each commits whole steps). */
  use(trx: TenantTx) {
    this.trx = trx;
    this.clock.use(trx);
  }

  /**
   * The statistics again each time the story has doubled its steps. Statements run prepared, and PostgreSQL keeps a
   * statement's generic plan after five runs: made while the story's tables held a few rows, such a plan scanned
   * them whole (a record by its id, the clock's newest records) while they grew a thousandfold, and those scans were
   * most of the story's time. ANALYZE gives the planner the tables as they are and drops the plans made before.
   */
  private async refreshStatistics(played: number) {
    if (played < 32 || (played & (played - 1)) !== 0) return;
    // Only the tables' owner analyzes them (as the clock moves the audit log, a trusted maintenance path).
    await sql`SELECT set_config('role', 'none', true)`.execute(this.trx);
    await sql`ANALYZE`.execute(this.trx);
    await sql`SELECT set_config('role', 'yiguan_app', true)`.execute(this.trx);
  }

  /** What the audit log's triggers take for the user of the writes that follow, in the story's transaction. */
  private async actAs(userId: number) {
    this.actor = userId;
    await sql`SELECT set_config('app.user', ${String(userId)}, true)`.execute(this.trx);
  }

  private actor: number | undefined;

  /**
   * In the transaction given by use(), the user the story's last step left to the audit log, as one transaction
   * would have kept it (the clock's final moves are logged under him).
   */
  async goOn(trx: TenantTx) {
    this.use(trx);
    if (this.actor !== undefined) await this.actAs(this.actor);
  }

  private person(name: string, where: string) {
    const p = this.cast.get(name);
    if (!p) throw new Error(`demo ${where}: no user ${name}`);
    return p;
  }

  private async openTask(recordId: number) {
    return this.trx
      .selectFrom('tasks')
      .innerJoin('process_instances as pi', (j) =>
        j.onRef('pi.tenant_code', '=', 'tasks.tenant_code').onRef('pi.id', '=', 'tasks.instance_id'),
      )
      .select(['tasks.id', 'tasks.assignee_id'])
      .where('pi.record_id', '=', recordId)
      .where('tasks.status', '=', 'open')
      .orderBy('tasks.id')
      .executeTakeFirst();
  }

  /** Notes the records this record's effects have made so far (record_effects' targets), for `$made`. */
  private async noteMade(ref: string, id: number) {
    // Most records' effects have made nothing yet: then no look at records. Else the look reads the partitions of the
    // targets' modules alone (the audit log names each creation's module), not every module's.
    const made = await sql<{
      module: string;
    }>`SELECT DISTINCT a.module FROM record_effects e JOIN audit_log a ON a.tenant_code = e.tenant_code
      AND a.record_id = ANY(e.target_ids) AND a.entity = 'records' AND a.action = 'create'
      WHERE e.tenant_code = ${this.ctx.tenant} AND e.source_id = ${id}`.execute(this.trx);
    if (!made.rows.length) {
      this.made.set(ref, []);
      return;
    }
    const { rows } = await sql<{
      module: string;
      id: number;
      code: string;
    }>`SELECT r.module, r.id, r.code FROM record_effects e
      JOIN records r ON r.tenant_code = e.tenant_code AND r.id = ANY(e.target_ids)
      WHERE e.tenant_code = ${this.ctx.tenant} AND e.source_id = ${id} AND r.module IN (${sql.join(made.rows.map((r) => partitionKey(r.module)))})
      ORDER BY r.id`.execute(this.trx);
    this.made.set(
      ref,
      rows.map((x) => ({ module: x.module, id: Number(x.id), code: x.code })),
    );
  }

  /** Plans one record's life on the timeline; each step's errors say which record it was. */
  private plan({ record: r, where }: Entry) {
    const { ctx, clock } = this;
    const m: ModuleSchema | undefined = ctx.schemas.get(r.module);
    if (!m) throw new Error(`demo ${where}: no page schema ${r.module}`);
    const fate = r.fate ?? 'draft';
    const by = this.person(r.by, where);
    const created = hours(at(r.day, 9, 0), (r.minute ?? 30) / 60);
    let id = 0;
    let code = '';
    let approvedAt = created;
    // Each step acts as its person (the audit log names him): the record's author unless the step says otherwise.
    const step = (when: Date, run: () => Promise<unknown>, who = by.id) =>
      this.timeline.add(when, async () => {
        try {
          await this.actAs(who);
          await run();
          if (r.ref && id && this.madeFrom.has(r.ref)) await this.noteMade(r.ref, id);
          // What a made record does may make more for its maker (a 入库单 approved: the purchase's payable).
          const maker = r.made ? this.refs.get(r.made.from) : undefined;
          if (maker) await this.noteMade(r.made!.from, maker.id);
        } catch (e) {
          if (e instanceof Error)
            e.message = `demo ${where} (${r.module}${r.ref ? ` ${r.ref}` : ''}${code ? ` ${code}` : ''}): ${e.message}`;
          throw e;
        }
      });
    if (r.made) {
      // Taken over from its maker's effects: already in effect, so only its stage actions follow.
      const { from, index = 0 } = r.made;
      step(created, async () => {
        const hit = (this.made.get(from) ?? []).filter((x) => x.module === (m.schema.viewOf ?? r.module))[index];
        if (!hit) throw new Error(`no ${r.module} #${index + 1} made by ${from} (yet)`);
        id = hit.id;
        code = hit.code;
        if (r.ref) this.refs.set(r.ref, { id, code });
        // A draft it made (a 外发单) is completed with `data` and submitted unless the fate is draft; one its maker
        // submitted (a 入库单 into a warehouse that requires approval) waits for its approvers below.
        if (fate === 'draft') return;
        if ((await getRecord(this.trx, ctx.tenant, m.schema.module, id))?.status === RecordStatus.inReview) return;
        const caller = { userId: by.id, isAdmin: true, permissions: by.permissions };
        const body = resolve(r.data, this.look) as Row;
        if (!Object.keys(body).length) await submitRecord(this.trx, ctx, caller, m, id);
        else
          await changeRecord(
            this.trx,
            ctx,
            caller,
            m,
            id,
            { ...toFlat((await getRecord(this.trx, ctx.tenant, m.schema.module, id))!), ...body },
            { submit: true },
          );
      });
    }
    if (!r.made)
      step(created, async () => {
        const body = resolve(r.data, this.look) as Row;
        if (r.category) body.categoryId = this.cat(r.module, r.category);
        let rec: Row;
        if (r.generate) {
          rec = await generateRecord(this.trx, ctx, by.id, m, r.generate, body, by.permissions);
          if (fate !== 'draft')
            await submitRecord(
              this.trx,
              ctx,
              { userId: by.id, isAdmin: true, permissions: by.permissions },
              m,
              Number(rec.id),
            );
        } else rec = await createRecord(this.trx, ctx, by.id, m, body, { submit: fate !== 'draft' });
        id = Number(rec.id);
        code = await clock.recode(id, String(rec.code).replace(/[0-9]{12}$/, ''), String(rec.code), dateAgo(r.day));
        if (r.ref) this.refs.set(r.ref, { id, code });
      });
    // review2…review4: the first one to three approvers agreed (2 h after submission, then the next morning and afternoon).
    const agreed = { review2: 1, review3: 2, review4: 3 }[fate as string] ?? 0;
    [2, 24.5, 29.5].slice(0, agreed).forEach((h) => {
      step(hours(created, h), async () => {
        const t = await this.openTask(id);
        if (t) await this.actAs(t.assignee_id);
        if (t) await agree(this.trx, ctx, t.assignee_id, t.id, undefined, '同意');
      });
    });
    if (fate === 'rejected') {
      step(hours(created, 3), async () => {
        const t = await this.openTask(id);
        if (!t) throw new Error('nothing to refuse');
        await this.actAs(t.assignee_id);
        await refuse(this.trx, ctx, t.assignee_id, t.id, undefined, r.refusal ?? '信息不全，请补充后重新提交');
      });
    }
    if (fate === 'withdrawn') step(hours(created, 1), () => withdraw(this.trx, ctx, by.id, id));
    if (fate === 'approved') {
      // Each approver decides in turn: two hours after submission, then the next morning and afternoon.
      const times = [2, 24.5, 29.5, 48.5, 53.5].map((h) => hours(created, h));
      const decide = (i: number) =>
        step(times[i], async () => {
          // No open task: it took effect without a person deciding.
          const t = await this.openTask(id);
          if (!t) return;
          await this.actAs(t.assignee_id);
          const outcome = await agree(
            this.trx,
            ctx,
            t.assignee_id,
            t.id,
            undefined,
            OPINIONS[(id + i) % OPINIONS.length],
          );
          if (outcome === 'approved') approvedAt = times[i];
          else if (i + 1 < times.length) decide(i + 1);
          else throw new Error('still under approval after five decisions');
        });
      decide(0);
    }
    // A view (viewOf, e.g. a progress board) takes over the viewed module's made records and runs its own actions on them.
    const acting: ModuleSchema = m.schema.viewOf ? { ...m, schema: { ...m.schema, module: m.schema.viewOf } } : m;
    for (const a of r.actions ?? []) {
      const when = at(a.day, a.hour ?? 10, a.minute ?? 15);
      const actor = this.person(a.by, where);
      step(
        when,
        async () => {
          if (when <= approvedAt) throw new Error(`${a.key} planned before the record took effect`);
          await runStageAction(
            this.trx,
            ctx,
            acting,
            id,
            a.key,
            resolve(a.values ?? {}, this.look) as Row,
            actor.id,
            actor.permissions,
          );
        },
        actor.id,
      );
    }
  }
}
