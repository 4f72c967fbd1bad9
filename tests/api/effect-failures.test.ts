// An effect that fails while a transition runs: the server's log says which effect of which page, its source record,
// the target module, the field and the value in question, and the caller's message names the target page. The broken
// effects are planted on a copy of a page and run through the engine directly, as a transition would run them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EffectDef } from '../../src/common/schema';
import { withTenant } from '../../src/server/db/tenant-scope';
import { AppError } from '../../src/server/errors';
import type { RunLog } from '../../src/server/modules/records/ctx';
import { runEffects } from '../../src/server/modules/records/effects';
import { SchemaRegistry, type ModuleSchema } from '../../src/server/modules/records/schema-registry';
import { DEMO } from '../../src/server/seed';
import { oneDialect } from '../helpers/databases';
import { flowCalls } from '../helpers/records';
import { dictItemId, openDemoSuite, type TestApp } from '../helpers/test-app';

type Row = Record<string, unknown>;
interface Logged {
  level: 'warn' | 'error';
  obj: Row;
  msg: string;
}

describe.each(oneDialect())('effects that fail on $name', (dialect) => {
  let t: TestApp;
  let boss: string;
  let dict: Record<string, any[]>;
  let schemas: SchemaRegistry;
  let userId: number;
  let warehouse: Row;
  let material: Row;

  beforeAll(async () => {
    ({ t, boss, dict } = await openDemoSuite(dialect, ['warehouseType', 'materialCategory', 'unit']));
    schemas = new SchemaRegistry(t.config.schemasDir);
    userId = (await t.db.selectFrom('users').select('id').where('username', '=', 'demo').executeTakeFirstOrThrow()).id;
    const { add } = flowCalls(
      () => t,
      () => boss,
    );
    const d = (key: string, name: string) => dictItemId(dict, key, name);
    warehouse = await add('storeSetting', {
      warehouseName: '联动测试仓',
      warehouseType: d('warehouseType', '原材料仓'),
      keeperId: userId,
    });
    material = await add('materialDictionary', {
      materialCategory: d('materialCategory', '办公用品'),
      dictCode: 'LD-0001',
      dictName: '联动测试物料',
      spec: '-',
      unit: d('unit', '个'),
      refPrice: 1,
    });
  });
  afterAll(async () => t?.close());

  /** Runs the planted effects of `on` for the warehouse, as its transition would; answers the refusal and the log lines. */
  async function plant(effects: EffectDef[], on: string) {
    const page = schemas.get('storeSetting')!;
    const planted: ModuleSchema = { ...page, schema: { ...page.schema, effects } };
    const logged: Logged[] = [];
    const log: RunLog = {
      warn: (obj, msg) => logged.push({ level: 'warn', obj, msg }),
      error: (obj, msg) => logged.push({ level: 'error', obj, msg }),
    };
    const refused = await withTenant(t.db, DEMO.tenantCode, (trx) =>
      runEffects(trx, { tenant: DEMO.tenantCode, schemas, log }, planted, Number(warehouse.id), on, `${on}-1`, userId),
    ).then(
      () => null,
      (err: unknown) => err,
    );
    return { refused, logged };
  }

  const harmless: EffectDef = { key: 'elsewhere', on: 'never', kind: 'update', target: 'self', set: { remark: '"x"' } };

  it('a target that is not there: logged with the effect, its source, the target module, the looked-up field and value', async () => {
    const { refused, logged } = await plant(
      [
        harmless,
        {
          key: 'touchOrder',
          on: 'test',
          kind: 'update',
          target: { module: 'procureProcess', field: 'code', equals: 'warehouseName' },
          set: { reason: '"联动"' },
        },
      ],
      'test',
    );
    expect(refused).toBeInstanceOf(AppError);
    // The engine's own message names the target page already (采购流程): it is kept.
    expect(refused).toMatchObject({ status: 400, message: '未找到采购流程：联动测试仓' });
    expect(logged).toEqual([
      {
        level: 'warn',
        msg: 'effect refused',
        obj: {
          effect: 'touchOrder',
          index: 1,
          on: 'test',
          kind: 'update',
          sourceModule: 'storeSetting',
          sourceId: Number(warehouse.id),
          sourceCode: warehouse.code,
          targetModule: 'procureProcess',
          field: 'code',
          value: '联动测试仓',
          reason: '未找到采购流程：联动测试仓',
        },
      },
    ]);
    // Refused, the effect left nothing behind (its claim rolled back with the transaction).
    expect(
      await t.db
        .selectFrom('record_effects')
        .select('effect_key')
        .where('source_id', '=', Number(warehouse.id))
        .execute(),
    ).toEqual([]);
  });

  it('a record the target page refuses: the log names the refused cell and the value written, the message the target page', async () => {
    const { refused, logged } = await plant(
      [
        {
          key: 'orderMore',
          on: 'test',
          kind: 'create',
          module: 'procureProcess',
          set: { procureType: '"办公采购"', expectedDate: '"2031-04-10"', reason: '"补货"' },
          line: { materialId: String(material.id), quantity: '0' },
        },
      ],
      'test',
    );
    expect(refused).toMatchObject({ status: 400, message: '采购流程：采购明细第1行数量必须大于0' });
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      level: 'warn',
      obj: {
        effect: 'orderMore',
        index: 0,
        on: 'test',
        kind: 'create',
        sourceModule: 'storeSetting',
        sourceId: Number(warehouse.id),
        targetModule: 'procureProcess',
        field: 'lines[0].quantity',
        value: 0,
        reason: '采购明细第1行数量必须大于0',
      },
    });
  });
});
