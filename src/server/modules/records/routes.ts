// Generic record calls for every module that has a page schema: /api/data/:module/page|get|add|update|delete|submit.
// Knows no module names: fields, rules, sortable and filterable fields all come from the module's page schema.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok } from '../../plugins/envelope';
import { requireTeamPermission } from '../../plugins/permissions';
import { badRequest, conflict, notFound } from '../../errors';
import type { AppServices } from '../../services';
import { withTenant } from '../../db/tenant-scope';
import { validateRecord } from '../../../common/rules';
import { EDITABLE_STATUSES, RecordStatus } from '../../../common/record-status';
import { getRecord, pageRecords, softDelete, toFlat, updateRecord } from './repository';
import { OPERATORS } from './query';
import type { ModuleSchema } from './schema-registry';
import { approvalSteps, definitionOf, startInstance } from '../workflow/engine';
import { attachLabels } from './labels';
import { categoryOk, createRecord, moneyOf, validated } from './service';
import { renderRecordPdf } from '../print/pdf';

const tags = ['业务数据'];
const moduleParam = { type: 'object', required: ['module'], properties: { module: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_]{0,60}$' } } };
const recordBody = { type: 'object', additionalProperties: true, properties: { id: { type: 'integer' }, submit: { type: 'boolean' }, lines: { type: 'array', maxItems: 2000, items: { type: 'object' } }, categoryId: { type: ['integer', 'null'] } } };

/** 待提交, 已驳回 and 已撤回 may change; in a module without approval, saved (已通过) records too. */
function mayChange(status: string, hasFlow: boolean) {
  return EDITABLE_STATUSES.includes(status) || (!hasFlow && status === RecordStatus.approved);
}

export async function recordRoutes(app: FastifyInstance, s: AppServices) {
  const { db, schemas } = s;

  function moduleOf(req: FastifyRequest): ModuleSchema {
    const { module } = req.params as { module: string };
    const m = schemas.get(module);
    if (!m) throw notFound('模块不存在');
    return m;
  }

  app.post('/api/data/:module/page', {
    schema: {
      tags, summary: '分页查询（排序与筛选在数据库中执行）', params: moduleParam,
      body: {
        type: 'object',
        properties: {
          pageNum: { type: 'integer', minimum: 1, default: 1 }, pageSize: { type: 'integer', minimum: 1, maximum: 500, default: 20 },
          sorters: { type: 'array', maxItems: 3, items: { type: 'object', required: ['field'], properties: { field: { type: 'string' }, order: { type: 'string' } } } },
          filters: { type: 'array', maxItems: 30, items: { type: 'object', required: ['field', 'operator'], properties: { field: { type: 'string' }, operator: { type: 'string', enum: [...OPERATORS] }, value: {} } } },
          keyword: { type: 'string', maxLength: 100 }, categoryId: { type: ['integer', 'null'] },
          tab: { type: 'string', enum: ['all', 'todo', 'mine', 'done'] },
        },
      },
    },
  }, async (req) => {
    const m = moduleOf(req);
    const a = await requireTeamPermission(s, req, m.schema.module, 'view');
    const q = { ...(req.body as object), userId: a.userId } as Parameters<typeof pageRecords>[3];
    return ok(await withTenant(db, a.tenantCode, (trx) => pageRecords(trx, a.tenantCode, m, q)));
  });

  app.get('/api/data/:module/get', {
    schema: { tags, summary: '查询单条记录', params: moduleParam, querystring: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } } },
  }, async (req) => {
    const m = moduleOf(req);
    const a = await requireTeamPermission(s, req, m.schema.module, 'view');
    const { id } = req.query as { id: number };
    const row = await withTenant(db, a.tenantCode, (trx) => getRecord(trx, a.tenantCode, m.schema.module, id));
    if (!row) throw notFound();
    return ok(toFlat(row));
  });

  app.post('/api/data/:module/add', {
    schema: { tags, summary: '新增记录（submit: true 时同时提交审批）', params: moduleParam, body: recordBody },
  }, async (req) => {
    const m = moduleOf(req);
    const body = req.body as Record<string, unknown>;
    const a = await requireTeamPermission(s, req, m.schema.module, 'add');
    const result = await withTenant(db, a.tenantCode, (trx) => createRecord(trx, a.tenantCode, a.userId, m, body));
    return ok(result, body.submit === true ? '已提交' : '保存成功');
  });

  app.post('/api/data/:module/update', {
    schema: { tags, summary: '修改记录（待提交、已驳回、已撤回状态可改）', params: moduleParam, body: { ...recordBody, required: ['id'] } },
  }, async (req) => {
    const m = moduleOf(req);
    const body = req.body as Record<string, unknown>;
    const a = await requireTeamPermission(s, req, m.schema.module, 'edit');
    const clean = validated(m, body);
    const result = await withTenant(db, a.tenantCode, async (trx) => {
      const row = await getRecord(trx, a.tenantCode, m.schema.module, Number(body.id));
      if (!row) throw notFound();
      if (!mayChange(row.status, !!(await definitionOf(trx, a.tenantCode, m.schema.module)))) throw conflict(`${row.status}的单据不能修改`);
      const categoryId = body.categoryId === undefined ? row.category_id : await categoryOk(trx, a.tenantCode, m.schema.module, body.categoryId);
      await attachLabels(trx, a.tenantCode, m.fields, m.lineColumns, clean.data, clean.lines);
      await updateRecord(trx, a.tenantCode, m.schema.module, row.id, { ...clean, categoryId });
      if (body.submit === true) {
        await startInstance(trx, { tenant: a.tenantCode, module: m.schema.module, recordId: row.id, originatorId: a.userId, money: moneyOf(m, clean.data) });
      }
      return toFlat((await getRecord(trx, a.tenantCode, m.schema.module, row.id))!);
    });
    return ok(result, '保存成功');
  });

  app.post('/api/data/:module/delete', {
    schema: { tags, summary: '删除记录（软删除）', params: moduleParam, body: { type: 'object', required: ['ids'], properties: { ids: { type: 'array', minItems: 1, maxItems: 500, items: { type: 'integer' } } } } },
  }, async (req) => {
    const m = moduleOf(req);
    const a = await requireTeamPermission(s, req, m.schema.module, 'delete');
    const { ids } = req.body as { ids: number[] };
    const n = await withTenant(db, a.tenantCode, async (trx) => {
      const rows = await trx.selectFrom('records').select(['id', 'status', 'code']).where('tenant_code', '=', a.tenantCode)
        .where('module', '=', m.schema.module).where('id', 'in', ids).where('deleted_at', 'is', null).execute();
      if (rows.length !== new Set(ids).size) throw notFound();
      const hasFlow = !!(await definitionOf(trx, a.tenantCode, m.schema.module));
      const locked = rows.find((r) => !mayChange(r.status, hasFlow));
      if (locked) throw conflict(`${locked.status}的单据${locked.code}不能删除`);
      return softDelete(trx, a.tenantCode, m.schema.module, ids);
    });
    return ok({ deleted: n }, '删除成功');
  });

  app.get('/api/data/:module/print', {
    schema: { tags, summary: '打印单据（服务器生成 PDF，内嵌中文字体）', params: moduleParam, querystring: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } } },
  }, async (req, reply) => {
    const m = moduleOf(req);
    if (!m.schema.printable) throw notFound('该模块不支持打印');
    const a = await requireTeamPermission(s, req, m.schema.module, 'print');
    const { id } = req.query as { id: number };
    const { row, steps } = await withTenant(db, a.tenantCode, async (trx) => ({
      row: await getRecord(trx, a.tenantCode, m.schema.module, id),
      steps: await approvalSteps(trx, a.tenantCode, id),
    }));
    if (!row) throw notFound();
    const tenant = await db.selectFrom('tenants').select('tenant_name').where('tenant_code', '=', a.tenantCode).executeTakeFirstOrThrow();
    const pdf = await renderRecordPdf(m, toFlat(row), steps, tenant.tenant_name);
    return reply.header('Content-Type', 'application/pdf')
      .header('Content-Disposition', `inline; filename*=UTF-8''${encodeURIComponent(`${m.schema.title}-${row.code}.pdf`)}`)
      .send(pdf);
  });

  app.post('/api/data/:module/submit', {
    schema: { tags, summary: '提交审批', params: moduleParam, body: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } } },
  }, async (req) => {
    const m = moduleOf(req);
    const a = await requireTeamPermission(s, req, m.schema.module, 'submit');
    const { id } = req.body as { id: number };
    const rec = await withTenant(db, a.tenantCode, async (trx) => {
      const row = await getRecord(trx, a.tenantCode, m.schema.module, id);
      if (!row) throw notFound();
      if (!EDITABLE_STATUSES.includes(row.status)) throw conflict(`${row.status}的单据不能提交`);
      // Re-validate what is stored: the rules may have changed since it was saved.
      const err = validateRecord(m.fields, m.lineColumns, { ...row.data, lines: row.lines });
      if (err) throw badRequest(err.message);
      await startInstance(trx, { tenant: a.tenantCode, module: m.schema.module, recordId: id, originatorId: a.userId, money: moneyOf(m, row.data) });
      return toFlat((await getRecord(trx, a.tenantCode, m.schema.module, id))!);
    });
    return ok(rec, '已提交');
  });
}
