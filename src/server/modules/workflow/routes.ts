// The approval calls: agree, refuse, withdraw, task lookup, approval dynamics, to-do and application lists.
// Agreeing, refusing and withdrawing act on the caller's own task or application (the engine checks whose it is);
// the lookups by record go through the gate first.
import type { Api } from '../../typed-app';
import { sql } from 'kysely';
import { ok } from '../../plugins/envelope';
import { requireAuth } from '../../plugins/auth';
import { forbidden } from '../../errors';
import type { AppServices } from '../../services';
import { withTenant } from '../../db/tenant-scope';
import { agree, approvalSteps, openTaskOf, refuse, withdraw } from './engine';
import { openGateForRecord } from '../records/gate';

const tags = ['审批'];
const decision = {
  type: 'object',
  required: ['taskId'],
  properties: {
    taskId: { type: 'integer' },
    processInstanceId: { type: 'integer' },
    comments: { type: 'string', maxLength: 500 },
  },
} as const;
/** Agreeing may attach the files the step requires: upload field → files (checked against the step by the engine). */
const agreeBody = {
  ...decision,
  properties: {
    ...decision.properties,
    files: {
      type: 'object',
      maxProperties: 10,
      additionalProperties: { type: 'array', maxItems: 20, items: { type: 'object', maxProperties: 10 } },
    },
  },
} as const;
const formIdQuery = { type: 'object', required: ['formId'], properties: { formId: { type: 'integer' } } } as const;
const pageBody = {
  type: 'object',
  properties: {
    pageNum: { type: 'integer', minimum: 1, default: 1 },
    pageSize: { type: 'integer', minimum: 1, maximum: 200, default: 10 },
    module: { type: 'string', maxLength: 60 },
  },
} as const;

export async function workflowRoutes(app: Api, s: AppServices) {
  const { db } = s;
  /**
   * Adds each row's module title (from its page schema) for the portal lists, and the route (`page`) whose page
   * schema holds the form: the module's own, or for a nested entity (e.g. 付款申请 in 应付管理) its page's.
   */
  const named = <T extends { list: { module: string }[] }>(page: T) => ({
    ...page,
    list: page.list.map((r) => {
      const m = s.schemas.get(r.module);
      return { ...r, moduleName: m?.schema.title ?? r.module, page: m?.parent ?? r.module };
    }),
  });
  const team = (req: Parameters<typeof requireAuth>[0]) => {
    const a = requireAuth(req);
    if (!a.tenantCode) throw forbidden('请先加入或创建团队');
    return { ...a, tenantCode: a.tenantCode };
  };

  app.post(
    '/api/oa/process/agree',
    { schema: { tags, summary: '同意（可同时上传本步骤的必交资料）', body: agreeBody } },
    async (req) => {
      const a = team(req);
      const b = req.body;
      const outcome = await withTenant(db, a.tenantCode, (trx) =>
        agree(
          trx,
          { tenant: a.tenantCode, schemas: s.schemas, log: req.log },
          a.userId,
          b.taskId,
          b.processInstanceId,
          b.comments ?? '',
          b.files ?? {},
        ),
      );
      return ok({ outcome }, '已同意');
    },
  );

  app.post(
    '/api/oa/process/refuse',
    { schema: { tags, summary: '驳回（必须填写原因）', body: decision } },
    async (req) => {
      const a = team(req);
      const b = req.body;
      await withTenant(db, a.tenantCode, (trx) =>
        refuse(
          trx,
          { tenant: a.tenantCode, schemas: s.schemas, log: req.log },
          a.userId,
          b.taskId,
          b.processInstanceId,
          b.comments ?? '',
        ),
      );
      return ok(null, '已驳回');
    },
  );

  app.post(
    '/api/oa/process/withdraw',
    {
      schema: {
        tags,
        summary: '撤回（仅发起人，且审批人尚未处理）',
        body: { type: 'object', required: ['formId'], properties: { formId: { type: 'integer' } } },
      },
    },
    async (req) => {
      const a = team(req);
      const { formId } = req.body;
      await withTenant(db, a.tenantCode, (trx) =>
        withdraw(trx, { tenant: a.tenantCode, schemas: s.schemas, log: req.log }, a.userId, formId),
      );
      return ok(null, '已撤回');
    },
  );

  app.get(
    '/api/oa/task/findTaskIdByFormId',
    { schema: { tags, summary: '当前用户在该单据上的待办任务', querystring: formIdQuery } },
    async (req) => {
      const a = team(req);
      const { formId } = req.query;
      // Only of a record the caller may open (the gate: permission, visibility, data scope).
      await openGateForRecord(s, req, a.tenantCode, formId);
      const t = await withTenant(db, a.tenantCode, (trx) => openTaskOf(trx, a.tenantCode, a.userId, formId));
      return ok(
        t
          ? {
              taskId: t.taskId,
              processInstanceId: t.processInstanceId,
              procInstId: t.processInstanceId,
              stepName: t.stepName,
              requiredFiles: t.requiredFiles,
            }
          : { taskId: null },
      );
    },
  );

  app.get(
    '/api/oa/task/findApprovalByFormId',
    { schema: { tags, summary: '审批动态', querystring: formIdQuery } },
    async (req) => {
      const a = team(req);
      const { formId } = req.query;
      // The history (steps, approvers' comments) tells what the record says: only for whoever may open the record.
      const { pass } = await openGateForRecord(s, req, a.tenantCode, formId);
      return ok(await pass.read((trx) => approvalSteps(trx, a.tenantCode, formId)));
    },
  );

  /** Rows of the portal lists: enough to show the form and open it in its drawer. */
  const listSelect = sql`
    pi.id AS "processInstanceId", pi.module, pi.record_id AS "formId", pi.status AS "processStatus", pi.money::float8 AS money,
    pi.created_at AS "submitTime", r.code, r.status, r.data, ou.nick_name AS "originatorName"`;

  app.post('/api/oa/process/toDoList', { schema: { tags, summary: '我的待办', body: pageBody } }, async (req) => {
    const a = team(req);
    const { pageNum, pageSize, module } = req.body;
    return ok(
      await withTenant(db, a.tenantCode, async (trx) => {
        const where = sql`t.tenant_code = ${a.tenantCode} AND t.assignee_id = ${a.userId} AND t.status = 'open' ${module ? sql`AND pi.module = ${module}` : sql``}`;
        const from = sql`FROM tasks t JOIN process_instances pi ON pi.tenant_code = t.tenant_code AND pi.id = t.instance_id JOIN records r ON r.tenant_code = pi.tenant_code AND r.id = pi.record_id JOIN users ou ON ou.id = pi.originator_id`;
        const {
          rows: [{ n }],
        } = await sql<{ n: number }>`SELECT count(*)::int AS n ${from} WHERE ${where}`.execute(trx);
        const { rows } =
          await sql`SELECT t.id AS "taskId", t.step_name AS "stepName", ${listSelect} ${from} WHERE ${where} ORDER BY t.id DESC LIMIT ${pageSize} OFFSET ${(pageNum - 1) * pageSize}`.execute(
            trx,
          );
        return named({ list: rows as { module: string }[], total: n, pageNum, pageSize });
      }),
    );
  });

  app.post('/api/oa/process/applyList', { schema: { tags, summary: '我发起的', body: pageBody } }, async (req) => {
    const a = team(req);
    const { pageNum, pageSize, module } = req.body;
    return ok(
      await withTenant(db, a.tenantCode, async (trx) => {
        // Latest instance per form, so a resubmitted form appears once.
        const where = sql`pi.tenant_code = ${a.tenantCode} AND pi.originator_id = ${a.userId} AND r.deleted_at IS NULL ${module ? sql`AND pi.module = ${module}` : sql``}
        AND pi.id = (SELECT max(p2.id) FROM process_instances p2 WHERE p2.tenant_code = pi.tenant_code AND p2.record_id = pi.record_id)`;
        const from = sql`FROM process_instances pi JOIN records r ON r.tenant_code = pi.tenant_code AND r.id = pi.record_id JOIN users ou ON ou.id = pi.originator_id`;
        const {
          rows: [{ n }],
        } = await sql<{ n: number }>`SELECT count(*)::int AS n ${from} WHERE ${where}`.execute(trx);
        const { rows } =
          await sql`SELECT ${listSelect} ${from} WHERE ${where} ORDER BY pi.id DESC LIMIT ${pageSize} OFFSET ${(pageNum - 1) * pageSize}`.execute(
            trx,
          );
        return named({ list: rows as { module: string }[], total: n, pageNum, pageSize });
      }),
    );
  });

  app.post('/api/oa/process/doneList', { schema: { tags, summary: '我已审批', body: pageBody } }, async (req) => {
    const a = team(req);
    const { pageNum, pageSize, module } = req.body;
    return ok(
      await withTenant(db, a.tenantCode, async (trx) => {
        const where = sql`t.tenant_code = ${a.tenantCode} AND t.assignee_id = ${a.userId} AND t.status IN ('agreed', 'refused') ${module ? sql`AND pi.module = ${module}` : sql``}`;
        const from = sql`FROM tasks t JOIN process_instances pi ON pi.tenant_code = t.tenant_code AND pi.id = t.instance_id JOIN records r ON r.tenant_code = pi.tenant_code AND r.id = pi.record_id JOIN users ou ON ou.id = pi.originator_id`;
        const {
          rows: [{ n }],
        } = await sql<{ n: number }>`SELECT count(*)::int AS n ${from} WHERE ${where}`.execute(trx);
        const { rows } =
          await sql`SELECT t.id AS "taskId", t.status AS "taskStatus", t.ended_at AS "endTime", ${listSelect} ${from} WHERE ${where} ORDER BY t.ended_at DESC LIMIT ${pageSize} OFFSET ${(pageNum - 1) * pageSize}`.execute(
            trx,
          );
        return named({ list: rows as { module: string }[], total: n, pageNum, pageSize });
      }),
    );
  });
}
