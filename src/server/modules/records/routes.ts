// Generic record calls for every module that has a page schema: /api/data/:module/page|get|add|update|delete|
// submit|stage|route (prints: print/routes.ts). Knows no module names: fields, rules, stages, sortable and filterable fields all
// come from the module's page schema. Every row and record answers with the actions it allows the caller.
import type { Api } from '../../typed-app';
import { ok } from '../../plugins/envelope';
import { requireTeamPermission } from '../../plugins/permissions';
import { badRequest, forbidden, notFound } from '../../errors';
import type { RecordSources } from './sources';
import { getRecord, pageRecords, softDelete, toFlat } from './repository';
import type { ModuleSchema } from './schema-registry';
import { approvals } from './approvals';
import { assertMayChange } from './access';
import { generateRecord } from './generate';
import { changeRecord, createRecord, submitRecord } from './service';
import { runStageAction } from './stages';
import { listQueryOf, listQueryProps, moduleParam, recordEntry } from './entry';

const tags = ['业务数据'];
const chosen = {
  type: 'object',
  maxProperties: 50,
  additionalProperties: { type: 'array', maxItems: 50, items: { type: 'integer', minimum: 1 } },
  description: '发起人自选：按步骤序号给出审批人',
} as const;
const recordBody = {
  type: 'object',
  additionalProperties: true,
  properties: {
    id: { type: 'integer', minimum: 1 },
    submit: { type: 'boolean' },
    chosenApprovers: chosen,
    lines: { type: 'array', maxItems: 2000, items: { type: 'object' } },
    categoryId: { type: ['integer', 'null'] },
    requestKey: {
      type: 'string',
      minLength: 8,
      maxLength: 64,
      pattern: '^[A-Za-z0-9_-]+$',
      description: '新增：同一请求键再次发送时返回已保存的记录，不再新增',
    },
  },
} as const;
const requestKeyProp = {
  type: 'string',
  minLength: 8,
  maxLength: 64,
  pattern: '^[A-Za-z0-9_-]+$',
  description: '同一请求键再次发送时不再重复执行',
} as const;
const idQuery = { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1 } } } as const;

export async function recordRoutes(app: Api, s: RecordSources) {
  const { moduleOf, enter, writable, dataOf, withActions } = recordEntry(s);

  /**
   * A view's own stage actions (they never move the stage: schema-registry refuses a `to`) act on the viewed
   * module's records under the view's codes: `<view>:edit` also reads as `<viewed module>:edit`.
   */
  function stagePermissions(m: ModuleSchema, codes: string[]) {
    const viewed = m.schema.viewOf;
    if (!viewed) return codes;
    const prefix = `${m.schema.module}:`;
    return [...codes, ...codes.filter((c) => c.startsWith(prefix)).map((c) => `${viewed}:${c.slice(prefix.length)}`)];
  }

  app.post(
    '/api/data/:module/page',
    {
      schema: {
        tags,
        summary: '分页查询（排序与筛选在数据库中执行；每行带 actions：当前用户可执行的操作）',
        params: moduleParam,
        body: {
          type: 'object',
          properties: {
            pageNum: { type: 'integer', minimum: 1, maximum: 100000, default: 1 },
            pageSize: { type: 'integer', minimum: 1, maximum: 500, default: 20 },
            ...listQueryProps,
          },
        },
      },
    },
    async (req) => {
      const m = moduleOf(req);
      const { a, read, scope, tuned } = await enter(req, m, 'view');
      // Sorting follows the team's tuned page (a field made sortable there).
      const tm = await tuned();
      const q: Parameters<typeof pageRecords>[3] = listQueryOf(m, req.body, a.userId);
      // Only reads: the page (with its total and running approvals) in one round trip.
      return ok(
        await read(async (trx, caller) => {
          q.scope = await scope(trx);
          const { running, ...page } = await pageRecords(trx, a.tenantCode, dataOf(tm), q);
          return { ...page, list: await withActions(trx, a.tenantCode, m, caller, page.list, running) };
        }),
      );
    },
  );

  app.get(
    '/api/data/:module/get',
    {
      schema: { tags, summary: '查询单条记录（带 actions）', params: moduleParam, querystring: idQuery },
    },
    async (req) => {
      const m = moduleOf(req);
      const { a, run, visible } = await enter(req, m, 'view');
      const { id } = req.query;
      return ok(
        await run(async (trx, caller) => {
          const row = await getRecord(trx, a.tenantCode, dataOf(m).schema.module, id);
          if (!row) throw notFound();
          await visible(trx, id);
          return (await withActions(trx, a.tenantCode, m, caller, [toFlat(row)]))[0];
        }),
      );
    },
  );

  app.post(
    '/api/data/:module/add',
    {
      schema: { tags, summary: '新增记录（submit: true 时保存并提交审批）', params: moduleParam, body: recordBody },
    },
    async (req) => {
      const m = moduleOf(req);
      writable(m);
      if (m.schema.addable === false) throw forbidden('该列表的记录由其他单据生成，不能手工新增');
      const body = req.body;
      const { a, ctx, run, tuned } = await enter(req, m, body.submit === true ? 'submit' : 'add');
      const tm = await tuned();
      if (body.submit === true) await requireTeamPermission(s, req, m.schema.module, 'add');
      const opts = { submit: body.submit === true, chosen: body.chosenApprovers, requestKey: body.requestKey };
      const result = await run(
        async (trx, caller) =>
          (
            await withActions(trx, a.tenantCode, m, caller, [await createRecord(trx, ctx, a.userId, tm, body, opts)])
          )[0],
      );
      return ok(result, opts.submit ? '提交成功' : '保存成功');
    },
  );

  app.post(
    '/api/data/:module/update',
    {
      schema: {
        tags,
        summary: '修改记录（创建人或管理员；待提交、已驳回、已撤回可改；submit: true 时保存并提交）',
        params: moduleParam,
        body: { ...recordBody, required: ['id'] },
      },
    },
    async (req) => {
      const m = moduleOf(req);
      writable(m);
      const body = req.body;
      const { a, ctx, run, visible, tuned } = await enter(req, m, 'edit');
      const tm = await tuned();
      if (body.submit === true) await requireTeamPermission(s, req, m.schema.module, 'submit');
      const opts = { submit: body.submit === true, chosen: body.chosenApprovers };
      const result = await run(
        async (trx, caller) =>
          (await visible(trx, Number(body.id)),
          await withActions(trx, a.tenantCode, m, caller, [
            await changeRecord(trx, ctx, caller, tm, Number(body.id), body, opts),
          ]))[0],
      );
      return ok(result, opts.submit ? '提交成功' : '保存成功');
    },
  );

  app.post(
    '/api/data/:module/delete',
    {
      schema: {
        tags,
        summary: '删除记录（软删除；创建人或管理员，可修改的状态）',
        params: moduleParam,
        body: {
          type: 'object',
          required: ['ids'],
          properties: { ids: { type: 'array', minItems: 1, maxItems: 500, items: { type: 'integer', minimum: 1 } } },
        },
      },
    },
    async (req) => {
      const m = moduleOf(req);
      writable(m);
      const { a, run, visible } = await enter(req, m, 'delete');
      const { ids } = req.body;
      const n = await run(async (trx, caller) => {
        for (const id of ids) await visible(trx, id);
        const rows = await trx
          .selectFrom('records')
          .select(['id', 'status', 'code', 'created_by', 'data'])
          .where('tenant_code', '=', a.tenantCode)
          .where('module', '=', m.schema.module)
          .where('id', 'in', ids)
          .where('deleted_at', 'is', null)
          .execute();
        if (rows.length !== new Set(ids).size) throw notFound();
        for (const r of rows) assertMayChange(m, r as typeof r & { data: Record<string, unknown> }, caller, '删除');
        return softDelete(trx, a.tenantCode, m.schema.module, ids);
      });
      return ok({ deleted: n }, '删除成功');
    },
  );

  app.post(
    '/api/data/:module/submit',
    {
      schema: {
        tags,
        summary: '提交审批（创建人或管理员）',
        params: moduleParam,
        body: {
          type: 'object',
          required: ['id'],
          properties: { id: { type: 'integer', minimum: 1 }, chosenApprovers: chosen },
        },
      },
    },
    async (req) => {
      const m = moduleOf(req);
      writable(m);
      const { a, ctx, run, visible, tuned } = await enter(req, m, 'submit');
      const tm = await tuned();
      const { id, chosenApprovers } = req.body;
      return ok(
        await run(
          async (trx, caller) =>
            (await visible(trx, id),
            await withActions(trx, a.tenantCode, m, caller, [
              await submitRecord(trx, ctx, caller, tm, id, { chosen: chosenApprovers }),
            ]))[0],
        ),
        '提交成功',
      );
    },
  );

  app.post(
    '/api/data/:module/route',
    {
      schema: {
        tags,
        summary: '提交前预览审批路线：适用的流程、版本和每一步的审批人（发起人自选的步骤需选择审批人）',
        params: moduleParam,
        body: { type: 'object', properties: { id: { type: 'integer', minimum: 1 } }, additionalProperties: true },
      },
    },
    async (req) => {
      const m = moduleOf(req);
      // Lists users only read (views, generated records) are never submitted: there is no route to preview.
      writable(m);
      const { a, ctx, run, visible } = await enter(req, m, 'submit');
      const body = req.body;
      return ok(
        await run(async (trx) => {
          const stored = body.id ? await getRecord(trx, a.tenantCode, m.schema.module, Number(body.id)) : undefined;
          if (body.id && !stored) throw notFound();
          if (body.id) await visible(trx, Number(body.id));
          const data = { ...(stored?.data ?? {}), ...body };
          const route = await approvals().route(trx, ctx, m, {
            data,
            lines: body.lines ?? stored?.lines,
            created_by: stored?.created_by ?? a.userId,
            category_id: stored?.category_id ?? (Number(body.categoryId) || null),
          });
          if (!route) return { process: null, steps: [] };
          const names = await approvals().stepNames(trx, route.steps);
          return {
            process: { name: route.name, version: route.version },
            steps: route.steps.map((st, i) => ({
              index: i,
              stepName: st.stepName,
              approverType: st.approverType,
              signMode: st.signMode ?? 'any',
              needsChoice: st.approverType === 'chosen',
              approvers: names(st),
            })),
          };
        }),
      );
    },
  );

  app.post(
    '/api/data/:module/stage',
    {
      schema: {
        tags,
        summary: '阶段操作（如支付：待支付 → 已支付），在服务器上按页面配置校验，并发安全',
        params: moduleParam,
        body: {
          type: 'object',
          required: ['id', 'action'],
          properties: {
            id: { type: 'integer', minimum: 1 },
            action: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_]{0,40}$' },
            values: { type: 'object', maxProperties: 50 },
            requestKey: requestKeyProp,
          },
        },
      },
    },
    async (req) => {
      const m = moduleOf(req);
      // A view with stages offers its own (non-moving) stage actions on the viewed records; other read-only lists none.
      if (!(m.schema.viewOf && m.schema.stages)) writable(m);
      const { a, ctx, run, visible } = await enter(req, m, 'view');
      const { id, action, values, requestKey } = req.body;
      const result = await run(async (trx, caller) => {
        await visible(trx, id);
        await runStageAction(
          trx,
          ctx,
          dataOf(m),
          id,
          action,
          values ?? {},
          a.userId,
          stagePermissions(m, caller.permissions),
          requestKey,
        );
        return (
          await withActions(trx, a.tenantCode, m, caller, [
            toFlat((await getRecord(trx, a.tenantCode, dataOf(m).schema.module, id))!),
          ])
        )[0];
      });
      const text = m.schema.stages?.actions.find((x) => x.key === action)?.text ?? '操作';
      return ok(result, `${text}成功`);
    },
  );

  app.post(
    '/api/data/:module/stage-batch',
    {
      schema: {
        tags,
        summary: '批量阶段操作（如按月确认考勤）：所选记录全部成功或全部不变；仅限页面声明 batch 的操作',
        params: moduleParam,
        body: {
          type: 'object',
          required: ['ids', 'action'],
          properties: {
            ids: {
              type: 'array',
              minItems: 1,
              maxItems: 200,
              uniqueItems: true,
              items: { type: 'integer', minimum: 1 },
            },
            action: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_]{0,40}$' },
            values: { type: 'object', maxProperties: 50 },
            requestKey: requestKeyProp,
          },
        },
      },
    },
    async (req) => {
      const m = moduleOf(req);
      writable(m);
      const { a, ctx, run, visible } = await enter(req, m, 'view');
      const { ids, action, values, requestKey } = req.body;
      const def = m.schema.stages?.actions.find((x) => x.key === action);
      if (!def?.batch) throw badRequest('该操作不支持批量执行');
      const n = await run(async (trx, caller) => {
        for (const id of ids) {
          await visible(trx, id);
          // With a request key, a record this batch already moved (the same request again) is left as it is.
          await runStageAction(trx, ctx, m, id, action, values ?? {}, a.userId, caller.permissions, requestKey);
        }
        return ids.length;
      });
      return ok({ count: n }, `已${def.text} ${n} 条`);
    },
  );

  app.post(
    '/api/data/:module/generate',
    {
      schema: {
        tags,
        summary: '按页面配置的生成器生成一条记录（如按月生成工资表），其规则与唯一性照常校验',
        params: moduleParam,
        body: {
          type: 'object',
          required: ['key'],
          properties: {
            key: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_]{0,40}$' },
            values: { type: 'object', maxProperties: 20 },
          },
        },
      },
    },
    async (req) => {
      const m = moduleOf(req);
      const { key, values } = req.body;
      const { a, ctx, run } = await enter(req, m, 'add');
      const result = await run(async (trx, caller) => {
        const rec = await generateRecord(trx, ctx, a.userId, m, key, values ?? {}, caller.permissions);
        return (await withActions(trx, a.tenantCode, m, caller, [rec]))[0];
      });
      const text = m.schema.generators?.find((g) => g.key === key)?.text ?? '生成';
      return ok(result, `${text}成功`);
    },
  );
}
