// What a record's stage is now and what it allows, read from the page schema alone (no database): the
// stage field, locked stages, and stages that follow the clock (a meeting is 进行中 while its time runs).
import type { ModuleSchema } from './schema-registry';
import { periodLiteral } from './unique';
import { stageFieldOf } from '../../../common/schema/stage-field';

type Row = Record<string, unknown>;

export const stageField = (m: ModuleSchema) => stageFieldOf(m.schema.stages);

/** Records in a locked stage (e.g. a published process, a confirmed month) can be neither edited nor deleted. */
export function stageLocked(m: ModuleSchema, data: Row): boolean {
  const st = m.schema.stages;
  if (!st) return false;
  const cur = data[stageField(m)];
  return st.values.some((v) => v.value === cur && v.locked);
}

/**
 * The stage a clock-driven record (stages.clock) has at `now`: before, during or after its period while its
 * stored stage is one of those three; any other stage (已取消) as stored. query.ts says the same in SQL.
 */
export function clockStage(m: ModuleSchema, data: Row, now = new Date()): unknown {
  const c = m.schema.stages?.clock;
  const cur = data[stageField(m)];
  if (!c || ![c.before, c.during, c.after].includes(String(cur))) return cur;
  const range = periodLiteral(data[c.period]);
  if (!range) return cur;
  const [lo, hi] = range
    .slice(1, -1)
    .split(',')
    .map((x) => Date.parse(x));
  const t = now.getTime();
  return t < lo ? c.before : t < hi ? c.during : c.after;
}

/** A read record with its clock-driven stage as of now. */
export function withClock<T extends Row>(m: ModuleSchema, rec: T, now = new Date()): T {
  if (!m.schema.stages?.clock) return rec;
  return { ...rec, [stageField(m)]: clockStage(m, rec, now) };
}
