// How a failed effect is reported (records/effect-failures.ts), case by case: a refusal is logged at warn and named
// by its target page unless it names it already or is a 409 of the target's state; an unexpected error is logged at
// error and becomes a 500 naming the target; a retry the database asks for passes through unlogged; a failure an
// inner effect reported already is passed on as it is. The API test (tests/api/effect-failures.test.ts) runs real ones.
import { describe, expect, it } from 'vitest';
import type { EffectDef } from '../../src/common/schema';
import { AppError, badField, badRequest, conflict } from '../../src/server/errors';
import type { Ctx, RunLog } from '../../src/server/modules/records/ctx';
import { reported } from '../../src/server/modules/records/effect-failures';
import type { ModuleSchema, SchemaRegistry } from '../../src/server/modules/records/schema-registry';

const page = (module: string, title: string, effects: EffectDef[] = []) =>
  ({ schema: { module, title, effects } }) as unknown as ModuleSchema;
const payables = page('financialPayables', '应付管理');
const create: EffectDef = { key: 'raisePayable', on: 'approved', kind: 'create', module: 'financialPayables', set: {} };
const update: EffectDef = {
  key: 'repay',
  on: 'approved',
  kind: 'update',
  target: { module: 'financialPayables', field: 'code', equals: 'payableCode' },
  set: {},
};
const source = page('procureProcess', '采购流程', [update, create]);

function context() {
  const lines: { level: string; obj: Record<string, unknown>; msg: string }[] = [];
  const log: RunLog = {
    warn: (obj, msg) => lines.push({ level: 'warn', obj, msg }),
    error: (obj, msg) => lines.push({ level: 'error', obj, msg }),
  };
  const schemas = {
    get: (k: string) => (k === 'financialPayables' ? payables : k === 'procureProcess' ? source : undefined),
  } as unknown as SchemaRegistry;
  const ctx: Ctx = { tenant: 'T00000001', schemas, log };
  return { ctx, lines };
}

describe('a failed effect', () => {
  it('a refusal about a field of what it wrote: warn with the field and the value written, the message names the target page', () => {
    const { ctx, lines } = context();
    const err = badField('应付明细第1行金额不能为空', 'lines[0].amount');
    const out = reported(ctx, source, 7, create, { sourceCode: 'CG001', written: { lines: [{ amount: '' }] } }, err);
    expect(out).toBeInstanceOf(AppError);
    expect(out).toMatchObject({ status: 400, message: '应付管理：应付明细第1行金额不能为空' });
    expect(lines).toEqual([
      {
        level: 'warn',
        msg: 'effect refused',
        obj: {
          effect: 'raisePayable',
          index: 1,
          on: 'approved',
          kind: 'create',
          sourceModule: 'procureProcess',
          sourceId: 7,
          sourceCode: 'CG001',
          targetModule: 'financialPayables',
          field: 'lines[0].amount',
          value: '',
          reason: '应付明细第1行金额不能为空',
        },
      },
    ]);
  });

  it("a message naming the target already, and a 409 of the target's state, keep their words", () => {
    const { ctx, lines } = context();
    const missing = badRequest('未找到应付管理：YF009');
    expect(reported(ctx, source, 7, update, { field: 'code', value: 'YF009' }, missing)).toBe(missing);
    expect(lines[0].obj).toMatchObject({ field: 'code', value: 'YF009', targetModule: 'financialPayables', index: 0 });
    const short = conflict('库存不足：主仓 · 螺丝 现有 1，本次出库 3');
    expect(reported(ctx, source, 7, update, {}, short)).toBe(short);
    expect(lines).toHaveLength(2);
  });

  it('an unexpected error: logged at error with the error itself, answered as a 500 naming the target page', () => {
    const { ctx, lines } = context();
    const bug = new TypeError("Cannot read properties of undefined (reading 'lines')");
    const out = reported(ctx, source, 7, create, {}, bug);
    expect(out).toMatchObject({ status: 500, message: '联动「应付管理」失败，请联系管理员检查页面配置' });
    expect(lines).toEqual([
      expect.objectContaining({
        level: 'error',
        msg: 'effect failed',
        obj: expect.objectContaining({ effect: 'raisePayable', err: bug }),
      }),
    ]);
  });

  it('a database error keeps its code for the envelope; a retry the database asks for passes unlogged', () => {
    const { ctx, lines } = context();
    const refusedValue = Object.assign(new Error('numeric field overflow'), { code: '22003' });
    expect(reported(ctx, source, 7, create, {}, refusedValue)).toBe(refusedValue);
    expect(lines.map((l) => l.level)).toEqual(['error']);
    const serialization = Object.assign(new Error('could not serialize access'), { code: '40001' });
    expect(reported(ctx, source, 7, create, {}, serialization)).toBe(serialization);
    expect(lines).toHaveLength(1);
  });

  it('a failure an inner effect reported already is passed on unchanged and logged once', () => {
    const { ctx, lines } = context();
    const inner = reported(ctx, payables, 9, create, {}, badRequest('金额必须大于0'));
    expect(inner).toMatchObject({ message: '应付管理：金额必须大于0' });
    expect(reported(ctx, source, 7, update, {}, inner)).toBe(inner);
    expect(lines).toHaveLength(1);
  });
});
