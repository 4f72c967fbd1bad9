// What happens when an effect fails while a transition runs (effects.ts): the server's log gets one line with what a
// person fixing the page needs, and the caller a message naming the page the effect writes.
import type { EffectDef } from '../../../common/schema';
import { Status } from '../../../common/api';
import { isRetryable } from '../../db/tenant-scope';
import { AppError, fieldOfError } from '../../errors';
import type { Ctx, RunLog } from './ctx';
import type { ModuleSchema } from './schema-registry';

type Row = Record<string, unknown>;

/**
 * Where a failing effect is reported when the call brings no logger of its own (ctx.log): the server's, handed over
 * at start (app.ts).
 */
let serverLog: RunLog | undefined;
export function useEffectLog(log: RunLog) {
  serverLog = log;
}

/** What one effect was at when it failed: the target it looked up (field = value) or found, and what it wrote. */
export interface EffectProbe {
  sourceCode?: string;
  field?: string;
  value?: unknown;
  target?: { tm: ModuleSchema };
  written?: Row;
}

/** Failures already reported by the effect that raised them (one an effect's own effects ran into): passed on as they are. */
const reportedErrors = new WeakSet<object>();

/** The module an effect writes: the created records', the target's, the stock balance's, or the record's own. */
function targetOf(ctx: Ctx, m: ModuleSchema, e: EffectDef, probe: EffectProbe): { module: string; title: string } {
  const key =
    e.kind === 'create'
      ? e.module
      : e.kind === 'stock' && (!e.target || e.target === 'self')
        ? e.stock?.module
        : typeof e.target === 'object'
          ? e.target.module
          : e.target === 'source'
            ? probe.target?.tm.schema.module
            : m.schema.module;
  const tm = key ? ctx.schemas.get(key) : undefined;
  return { module: key ?? String(e.target), title: tm?.schema.title ?? key ?? '来源单据' };
}

/** The value at a refused field's path in what the effect wrote (`lines[2].quantity` for a line cell). */
function valueAt(row: Row | undefined, path: string): unknown {
  let at: unknown = row;
  for (const part of path.split(/[.[\]]+/).filter(Boolean))
    at = at && typeof at === 'object' ? (at as Row)[part] : undefined;
  return at;
}

/**
 * Logs a failed effect once, with what a person fixing the page needs (the effect, its source and target, the
 * field and value in question), and gives the caller a message that names the target page: a refusal that does not
 * name it already gets it in front (应付管理：应付明细第1行金额不能为空). A 409 is the target refusing because of its state
 * (库存不足, 当前为「x」，不能变为「y」) and keeps its words; an error the database asks to retry passes through
 * unlogged and untouched, so the transaction is tried again, and other database errors keep their code for the
 * envelope's answer; anything else becomes a 500 naming the target.
 */
export function reported(
  ctx: Ctx,
  m: ModuleSchema,
  recordId: number,
  e: EffectDef,
  probe: EffectProbe,
  err: unknown,
): unknown {
  if ((typeof err === 'object' && err !== null && reportedErrors.has(err)) || isRetryable(err)) return err;
  const target = targetOf(ctx, m, e, probe);
  const refusedField = fieldOfError(err);
  const field = refusedField ?? probe.field;
  const entry = {
    effect: e.key,
    index: (m.schema.effects ?? []).indexOf(e),
    on: e.on,
    kind: e.kind,
    sourceModule: m.schema.module,
    sourceId: recordId,
    sourceCode: probe.sourceCode,
    targetModule: target.module,
    field,
    value: refusedField ? valueAt(probe.written, refusedField) : probe.value,
  };
  const log = ctx.log ?? serverLog;
  let out: AppError;
  if (err instanceof AppError) {
    log?.warn({ ...entry, reason: err.message }, 'effect refused');
    out =
      err.status === Status.CONFLICT || err.message.includes(target.title)
        ? err
        : new AppError(err.status, `${target.title}：${err.message}`, err.data);
  } else {
    log?.error({ ...entry, err }, 'effect failed');
    // A database error keeps its code: the envelope answers it as it does everywhere (a value it refused, a timeout).
    if (typeof (err as { code?: unknown } | null)?.code === 'string') return err;
    out = new AppError(Status.SERVER_ERROR, `联动「${target.title}」失败，请联系管理员检查页面配置`);
  }
  reportedErrors.add(out);
  return out;
}
