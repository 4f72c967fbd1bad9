// The demo story's clock. Every write of the seed really happens now, inside one transaction. The clock notes
// when each step of the story really ran and which records it created and, at the end, moves everything in a
// few statements to the moments the story says it happened: records, submissions, tasks, decisions, carbon
// copies and timeline events. A record also gets the code of its own day (prefix + that day +
// sequence) as soon as it is created, before anything refers to it. Only timestamps and codes move: the data
// itself went through the users' code paths.
import { sql } from 'kysely';
import type { TenantTx } from '../db/tenant-scope';
import { dayStamp } from '../modules/records/codes';
import { localNoon } from '../data-refs/dates';
import { todayInChina } from '../../common/china-time';
import { partitionKey } from '../db/record-partitions';

interface Step {
  /** When the story says it happened. */
  story: Date;
  /** The database's clock when it started (its window lasts until the next step starts), to the microsecond. */
  from: string;
}

export class Clock {
  private readonly since: number;
  /** Nothing of the story happens later than this (a step planned for later today is moved back). */
  private readonly cap: number;
  private readonly steps: Step[] = [];
  private readonly seq = new Map<string, number>();
  /** Records by id, and the story moment each was created. */
  private readonly born = new Map<number, Date>();

  constructor(
    private trx: TenantTx,
    private readonly tenant: string,
    seedStart: Date,
  ) {
    this.since = seedStart.getTime() - 5_000;
    this.cap = seedStart.getTime() - 10 * 60_000;
  }

  /** The transaction the next steps write in (the story may be played over several). */
  use(trx: TenantTx) {
    this.trx = trx;
  }

  /** Everything the seed wrote before the story (what the team got when it was created) happened at `story`. */
  async setUp(story: Date, date: string) {
    this.steps.push({ story, from: new Date(this.since).toISOString() });
    const rows = await this.trx
      .selectFrom('records')
      .select(['id', 'code'])
      .where('tenant_code', '=', this.tenant)
      .orderBy('id')
      .execute();
    for (const r of rows) await this.recode(r.id, r.code.replace(/[0-9]{12}$/, ''), r.code, date);
    this.seen = Math.max(0, ...rows.map((r) => Number(r.id)));
  }

  /** Runs one step of the story, which happened at `story`. */
  async step(story: Date, run: () => Promise<void>) {
    this.steps.push({ story, from: this.nextFrom ?? (await this.dbClock()).t });
    await run();
    await this.adopt();
    this.nextFrom = await this.nextTick();
  }

  /** When the next step may start: the first tick of the database's clock after this one ended. */
  private nextFrom: string | undefined;

  /** The newest record id the clock has looked at (records are only added during the story). */
  private seen = 0;

  /** Records the step's effects and generators made (a purchase's 入库单 and payable) were born at the step too. */
  private async adopt() {
    // Ids come from one sequence: when it has not moved past what the clock saw, the step made nothing (most steps do
    // not), and the look at every module's partition is skipped.
    const {
      rows: [seq],
    } = await sql<{
      last: string;
    }>`SELECT CASE WHEN is_called THEN last_value ELSE 0 END AS last FROM records_id_seq`.execute(this.trx);
    if (Number(seq.last) <= this.seen) return;
    // The modules of the records made since (the audit log names each creation's module), so the look reads their
    // partitions alone.
    const made = await sql<{ module: string }>`SELECT DISTINCT module FROM audit_log WHERE tenant_code = ${this.tenant}
      AND record_id > ${this.seen} AND entity = 'records' AND action = 'create'`.execute(this.trx);
    if (!made.rows.length) return;
    const rows = await this.trx
      .selectFrom('records')
      .select(['id', 'code'])
      .where('tenant_code', '=', this.tenant)
      .where(
        'module',
        'in',
        made.rows.map((r) => partitionKey(r.module)),
      )
      .where('id', '>', this.seen)
      .orderBy('id')
      .execute();
    for (const r of rows) {
      if (!this.born.has(r.id))
        await this.recode(r.id, r.code.replace(/[0-9]{12}$/, ''), r.code, todayInChina(this.now));
      this.seen = Math.max(this.seen, Number(r.id));
    }
  }

  private async dbClock() {
    const { rows } = await sql<{ t: string }>`SELECT clock_timestamp()::text AS t`.execute(this.trx);
    return { t: rows[0].t };
  }

  /**
   * The database's clock may tick in whole milliseconds (PGlite's does): a step starts strictly after the last one
   * ended, so no row of either can carry the moment between them. The wait for the next tick runs inside the
   * database, in one statement (asked from here, it took about ten round trips per step).
   */
  private async nextTick() {
    const { rows } = await sql<{ t: string }>`WITH RECURSIVE tick(c, ended) AS (
        SELECT clock_timestamp(), clock_timestamp() UNION ALL SELECT clock_timestamp(), ended FROM tick WHERE c <= ended)
      SELECT c::text AS t FROM tick WHERE c > ended LIMIT 1`.execute(this.trx);
    return rows[0].t;
  }

  private get now() {
    return this.steps[this.steps.length - 1].story;
  }

  /**
   * Gives a record just created (code prefix + today + sequence) the code of its story date, keeping its own
   * sequence per prefix and day. Codes of today stay as they are. (Today's codes the seed gives up are never
   * handed out twice during the seed, and the counters are rebuilt at the end.)
   */
  async recode(id: number, prefix: string, code: string, date: string): Promise<string> {
    this.born.set(id, this.now);
    const day = dayStamp(localNoon(date));
    if (code.slice(prefix.length, prefix.length + 8) === day) return code;
    const n = (this.seq.get(`${prefix}${day}`) ?? 0) + 1;
    this.seq.set(`${prefix}${day}`, n);
    const next = `${prefix}${day}${String(n).padStart(4, '0')}`;
    // What its creation already wrote about it (an effect's note on the record it changed) says the new code too.
    // Not a change anybody made: the audit log keeps only the record's creation (finish() gives it the new code).
    await sql`SELECT set_config('app.audit', 'off', true)`.execute(this.trx);
    await sql`WITH r AS (UPDATE records SET code = ${next} WHERE tenant_code = ${this.tenant} AND id = ${id} RETURNING 1)
      UPDATE record_events SET detail = replace(detail::text, ${code}, ${next})::jsonb
       WHERE tenant_code = ${this.tenant} AND detail::text LIKE ${`%${code}%`}`.execute(this.trx);
    await sql`SELECT set_config('app.audit', '', true)`.execute(this.trx);
    return next;
  }

  /** Moves every row the story wrote to its step's moment, then rebuilds the code counters from the codes. */
  async finish() {
    const t = this.tenant;
    const capped = (d: Date) => new Date(Math.min(d.getTime(), this.cap));
    // Records: when their step created them.
    const born = sql.join([...this.born].map(([id, d]) => sql`(${id}::bigint, ${capped(d)}::timestamptz)`));
    await sql`UPDATE records r SET created_at = m.at FROM (VALUES ${born}) AS m(id, at) WHERE r.tenant_code = ${t} AND r.id = m.id`.execute(
      this.trx,
    );
    // Timeline events and decisions carry the database's clock when they were written: each goes to its step's
    // moment. A submission starts with its record (each is submitted when created) and ends with its last
    // decision; a step's tasks and carbon copies begin when the step before it was agreed.
    const windows = sql.join(
      this.steps.map(
        (s, i) =>
          sql`(${s.from}::timestamptz, ${i + 1 < this.steps.length ? this.steps[i + 1].from : 'infinity'}::timestamptz, ${capped(s.story)}::timestamptz)`,
      ),
    );
    for (const [table, col] of [
      ['record_events', 'created_at'],
      ['tasks', 'ended_at'],
      ['notifications', 'created_at'],
    ] as const) {
      await sql`UPDATE ${sql.table(table)} x SET ${sql.ref(col)} = m.at FROM (VALUES ${windows}) AS m(lo, hi, at)
        WHERE x.tenant_code = ${t} AND x.${sql.ref(col)} >= m.lo AND x.${sql.ref(col)} < m.hi`.execute(this.trx);
    }
    // The audit log is append-only for the application role; the seed, a trusted maintenance path, places the
    // story's entries at their steps' moments as the owner, with the codes the records ended up with.
    await sql`SELECT set_config('role', 'none', true)`.execute(this.trx);
    // Not the logins: a demo user may log in while a sliced story plays (demo-fill.ts), at his own moment.
    await sql`UPDATE audit_log x SET at = m.at FROM (VALUES ${windows}) AS m(lo, hi, at)
      WHERE x.tenant_code = ${t} AND x.at >= m.lo AND x.at < m.hi AND x.entity <> 'session'`.execute(this.trx);
    await sql`UPDATE audit_log a SET after = jsonb_set(a.after, '{code}', to_jsonb(r.code)) FROM records r
      WHERE a.tenant_code = ${t} AND a.entity = 'records' AND a.action = 'create' AND r.tenant_code = ${t} AND r.id = a.record_id`.execute(
      this.trx,
    );
    await sql`SELECT set_config('role', 'yiguan_app', true)`.execute(this.trx);
    await sql`UPDATE process_instances pi SET created_at = r.created_at FROM records r
      WHERE pi.tenant_code = ${t} AND r.tenant_code = ${t} AND r.id = pi.record_id`.execute(this.trx);
    await sql`UPDATE process_instances pi SET ended_at = COALESCE((SELECT max(k.ended_at) FROM tasks k WHERE k.tenant_code = ${t} AND k.instance_id = pi.id), pi.created_at)
      WHERE pi.tenant_code = ${t} AND pi.ended_at IS NOT NULL`.execute(this.trx);
    const reached = (
      alias: string,
    ) => sql`COALESCE((SELECT max(p.ended_at) FROM tasks p WHERE p.tenant_code = ${t} AND p.instance_id = ${sql.ref(`${alias}.instance_id`)}
      AND p.step_index < ${sql.ref(`${alias}.step_index`)} AND p.status = 'agreed'), pi.created_at)`;
    await sql`UPDATE tasks k SET created_at = ${reached('k')} FROM process_instances pi WHERE k.tenant_code = ${t} AND pi.id = k.instance_id`.execute(
      this.trx,
    );
    await sql`UPDATE process_cc c SET created_at = ${reached('c')} FROM process_instances pi WHERE c.tenant_code = ${t} AND pi.id = c.instance_id`.execute(
      this.trx,
    );
    // A record was last changed by the latest of its own creation, timeline events and approval decisions.
    await sql`UPDATE records r SET updated_at = GREATEST(r.created_at,
        (SELECT max(e.created_at) FROM record_events e WHERE e.tenant_code = r.tenant_code AND e.record_id = r.id),
        (SELECT max(GREATEST(pi.created_at, pi.ended_at, k.ended_at)) FROM process_instances pi
           LEFT JOIN tasks k ON k.tenant_code = pi.tenant_code AND k.instance_id = pi.id
          WHERE pi.tenant_code = r.tenant_code AND pi.record_id = r.id))
      WHERE r.tenant_code = ${t}`.execute(this.trx);
    // Notifications were read when their task was dealt with, or within the hour when older than three days: what is
    // unread is the open tasks and the news of the last days.
    await sql`UPDATE notifications n SET read_at = n.created_at + interval '1 hour'
      WHERE n.tenant_code = ${t} AND (n.created_at < ${new Date(this.cap - 3 * 86_400_000)}::timestamptz
        OR (n.source_key LIKE 'task:%' AND EXISTS (SELECT 1 FROM tasks k WHERE k.tenant_code = ${t} AND k.id = substring(n.source_key from 6)::bigint AND k.status <> 'open')))`.execute(
      this.trx,
    );
    await sql`DELETE FROM record_sequences WHERE tenant_code = ${t}`.execute(this.trx);
    await sql`INSERT INTO record_sequences (tenant_code, prefix, day, last)
      SELECT ${t}, substring(code from '^(.*)[0-9]{12}$'), substring(code from '([0-9]{8})[0-9]{4}$'), max(right(code, 4)::int)
        FROM records WHERE tenant_code = ${t} AND code ~ '[0-9]{12}$' GROUP BY 2, 3`.execute(this.trx);
  }
}
