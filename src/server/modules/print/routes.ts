// Prints: GET /api/data/:module/print?id= (one record) and POST /api/data/:module/print-batch { ids } (up to 100
// selected records in one PDF, each from a new page). Every record is checked like any record call (the
// module's print permission, the team, the page's visibility and the role's data scope): one refused id refuses
// the whole batch. What prints is the module's template (template.ts); no module is named here.
import type { FastifyReply } from 'fastify';
import type { Api } from '../../typed-app';
import { badRequest, notFound } from '../../errors';
import type { AppServices } from '../../services';
import type { TenantTx } from '../../db/tenant-scope';
import { getRecord, toFlat } from '../records/repository';
import { recordEntry, moduleParam } from '../records/entry';
import type { ModuleSchema } from '../records/schema-registry';
import { approvalSteps } from '../workflow/engine';
import { fileIdFromUrl } from '../files/access';
import { printTemplate, type PrintTemplate } from './template';
import { renderPrintPdf, type PrintJob, type PrintTeam } from './layout';
import { contentDisposition } from '../files/disposition';

const tags = ['业务数据'];
export const PRINT_BATCH_MAX = 100;

/** The team's name and logo (PNG or JPEG of the team's own files; anything else prints without a logo). */
export async function printTeamOf(s: AppServices, tenant: string): Promise<PrintTeam> {
  const { db } = s;
  const t = await db
    .selectFrom('tenants')
    .select(['tenant_name', 'logo_url'])
    .where('tenant_code', '=', tenant)
    .executeTakeFirstOrThrow();
  const id = t.logo_url ? fileIdFromUrl(t.logo_url) : null;
  const f = id
    ? await db.selectFrom('files').select(['sha256', 'mime', 'tenant_code']).where('id', '=', id).executeTakeFirst()
    : undefined;
  let logo: Buffer | null = null;
  if (f && (f.tenant_code === tenant || f.tenant_code === null) && /^image\/(png|jpe?g)$/.test(f.mime)) {
    logo = await s.files.read(f.sha256).catch(() => null);
  }
  return { name: t.tenant_name, logo };
}

export async function printRoutes(app: Api, s: AppServices) {
  const { moduleOf, enter, dataOf } = recordEntry(s);

  function templateOf(m: ModuleSchema): PrintTemplate {
    const t = printTemplate(m);
    if (!t) throw notFound('该模块不支持打印');
    return t;
  }

  const teamOf = (tenant: string) => printTeamOf(s, tenant);

  /** The records, in the order asked, each one the caller may print; any other id refuses them all. */
  async function jobsOf(
    trx: TenantTx,
    tenant: string,
    m: ModuleSchema,
    template: PrintTemplate,
    ids: number[],
    visible: (trx: TenantTx, id: number) => Promise<void>,
    refused: (id: number) => Error,
  ) {
    const jobs: (PrintJob & { code: string })[] = [];
    for (const id of ids) {
      const row = await getRecord(trx, tenant, dataOf(m).schema.module, id);
      if (!row) throw refused(id);
      try {
        await visible(trx, id);
      } catch {
        throw refused(id);
      }
      jobs.push({ template, record: toFlat(row), steps: await approvalSteps(trx, tenant, id), code: row.code });
    }
    return jobs;
  }

  const sendPdf = (reply: FastifyReply, pdf: Buffer, name: string) =>
    reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', contentDisposition('inline', name))
      .send(pdf);

  app.get(
    '/api/data/:module/print',
    {
      schema: {
        tags,
        summary: '打印单据（按模块的打印模板生成 PDF，内嵌中文字体）',
        params: moduleParam,
        querystring: { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1 } } },
      },
    },
    async (req, reply) => {
      const m = moduleOf(req);
      const template = templateOf(m);
      const { a, readTx, visible } = await enter(req, m, 'print');
      const { id } = req.query;
      const [job] = await readTx((trx) => jobsOf(trx, a.tenantCode, m, template, [id], visible, () => notFound()));
      const pdf = await renderPrintPdf([job], await teamOf(a.tenantCode), `${template.title} ${job.code}`);
      return sendPdf(reply, pdf, `${template.title}-${job.code}.pdf`);
    },
  );

  app.post(
    '/api/data/:module/print-batch',
    {
      schema: {
        tags,
        summary: '批量打印：所选记录（1–100 条）合成一个 PDF，每条从新的一页开始；任何一条不可打印则整批拒绝',
        params: moduleParam,
        body: {
          type: 'object',
          required: ['ids'],
          properties: { ids: { type: 'array', maxItems: 1000, items: { type: 'integer', minimum: 1 } } },
        },
      },
    },
    async (req, reply) => {
      const m = moduleOf(req);
      const template = templateOf(m);
      const ids = [...new Set(req.body.ids)];
      if (!ids.length) throw badRequest('请选择要打印的记录');
      if (ids.length > PRINT_BATCH_MAX) throw badRequest(`一次最多打印 ${PRINT_BATCH_MAX} 条记录，请分批打印`);
      const { a, readTx, visible } = await enter(req, m, 'print');
      const jobs = await readTx((trx) =>
        jobsOf(trx, a.tenantCode, m, template, ids, visible, (id) =>
          notFound(`所选记录中有不存在或无权打印的记录（ID ${id}），未打印任何记录`),
        ),
      );
      const pdf = await renderPrintPdf(jobs, await teamOf(a.tenantCode), `${template.title}（${jobs.length} 份）`);
      return sendPdf(reply, pdf, `${template.title}-批量${jobs.length}份.pdf`);
    },
  );
}
