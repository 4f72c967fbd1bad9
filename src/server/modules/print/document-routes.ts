// A page's named documents (documents.ts): GET /api/data/:module/documents/:key?id= makes one record's document
// (a PDF laid out like a print, labels with QR codes, or an .xlsx); POST /api/data/:module/documents/:key makes a
// list document (the list as queried, as an .xlsx). Each needs the document's own permission of the page and
// checks the record like any record call (team, visibility, data scope). No module is named here.
import type { FastifyReply } from 'fastify';
import type { Api } from '../../typed-app';
import { AppError, badRequest, notFound } from '../../errors';
import type { AppServices } from '../../services';
import type { TenantTx } from '../../db/tenant-scope';
import { getRecord, toFlat } from '../records/repository';
import { loadPickedOf } from '../records/pickers';
import { listQueryOf, listQueryProps, moduleParam, recordEntry } from '../records/entry';
import type { ModuleSchema } from '../records/schema-registry';
import { contentDisposition } from '../files/disposition';
import { todayInChina } from '../../../common/china-time';
import { excel } from '../excel/exceljs';
import { sheetColumns } from '../excel/columns';
import { countRows, EXPORT_MAX_ROWS, sheetName, writeExport } from '../excel/export';
import { documentAction, documentLines, documentOf, documentTemplate, linesModuleOf, SUBTOTAL } from './documents';
import { renderPrintPdf, shown } from './layout';
import { renderLabelsPdf } from './labels';
import { printTeamOf } from './routes';
import type { PrintTemplate } from './template';

const tags = ['业务数据'];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const params = {
  type: 'object',
  required: ['module', 'key'],
  properties: { ...moduleParam.properties, key: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9]*$', maxLength: 60 } },
} as const;

type Row = Record<string, unknown>;

/** A record document as an .xlsx: title, the header fields, then the table (小计 rows bold) and its 合计. */
async function recordXlsx(
  t: PrintTemplate,
  record: Row,
  lines: Row[],
  totals: Record<string, number>,
): Promise<Buffer> {
  const ExcelJS = await excel();
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheetName(t.title));
  ws.addRow([`${t.title}  ${String(record.code ?? '')}`]).font = { bold: true, size: 14 };
  for (const f of t.header) ws.addRow([f.label, shown(record[f.name], f.name, record, f.kind)]);
  ws.addRow([]);
  ws.addRow(['序号', ...t.columns.map((c) => c.label)]).font = { bold: true };
  let n = 0;
  for (const l of lines) {
    const sub = !!l[SUBTOTAL];
    const cells = t.columns.map((c) =>
      c.sum && typeof l[c.prop] === 'number' ? l[c.prop] : shown(l[c.prop], c.prop, l, c.kind),
    );
    const r = ws.addRow([sub ? '' : ++n, ...cells]);
    if (sub) r.font = { bold: true };
  }
  if (t.columns.some((c) => c.sum))
    ws.addRow(['合计', ...t.columns.map((c) => (c.sum ? (totals[c.prop] ?? 0) : ''))]).font = { bold: true };
  ws.columns.forEach((c, i) => {
    c.width = i === 0 ? 12 : 18;
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export async function documentRoutes(app: Api, s: AppServices) {
  const { moduleOf, enter, dataOf } = recordEntry(s);

  const docOf = (m: ModuleSchema, key: string, from: 'record' | 'list') => {
    const d = documentOf(m, key);
    if (!d || d.from !== from) throw notFound('该单据不存在');
    return d;
  };

  /**
   * The lines of the record a picker field picked, within the team (the pickers' own lookup, which also reads a
   * pick of several modules); none when nothing is picked or the picked record is gone.
   */
  async function pickedLines(
    trx: TenantTx,
    tenant: string,
    m: ModuleSchema,
    field: string,
    value: unknown,
  ): Promise<Row[]> {
    const f = m.fields.find((x) => x.fieldName === field);
    if (!f || value === undefined || value === null || value === '') return [];
    let picked: Record<string, Row | null>;
    try {
      picked = await loadPickedOf(
        trx,
        tenant,
        s.schemas,
        [f],
        { [field]: value },
        { today: todayInChina() },
        { checkFilter: false },
      );
    } catch (err) {
      if (err instanceof AppError) return [];
      throw err;
    }
    const lines = picked[field]?.lines;
    return Array.isArray(lines) ? (lines as Row[]) : [];
  }

  const send = (reply: FastifyReply, body: Buffer, type: string, name: string, how: 'inline' | 'attachment') =>
    reply.header('Content-Type', type).header('Content-Disposition', contentDisposition(how, name)).send(body);

  app.get(
    '/api/data/:module/documents/:key',
    {
      schema: {
        tags,
        summary:
          '单据文档：按页面声明的文档模板生成一条记录的 PDF（如木作部件清单、下料单、配件清单、包装标签）或 Excel',
        params,
        querystring: { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1 } } },
      },
    },
    async (req, reply) => {
      const m = moduleOf(req);
      const d = docOf(m, req.params.key, 'record');
      const { a, readTx, visible } = await enter(req, m, documentAction(d));
      const { id } = req.query;
      const { record, lines, totals, cols, linesTitle } = await readTx(async (trx) => {
        const row = await getRecord(trx, a.tenantCode, dataOf(m).schema.module, id);
        if (!row) throw notFound();
        try {
          await visible(trx, id);
        } catch {
          throw notFound();
        }
        const rec = toFlat(row) as Row;
        const source = d.linesOf
          ? await pickedLines(trx, a.tenantCode, m, d.linesOf, rec[d.linesOf])
          : Array.isArray(rec.lines)
            ? (rec.lines as Row[])
            : [];
        const lm = d.linesOf ? s.schemas.get(linesModuleOf(m, d) ?? '') : m;
        return {
          record: rec,
          ...documentLines(d, source, rec),
          cols: lm?.lineColumns ?? [],
          linesTitle: lm?.schema.drawer?.lines?.title,
        };
      });
      const template = documentTemplate(m, d, cols, linesTitle);
      const code = String(record.code ?? '');
      if (d.format === 'xlsx')
        return send(
          reply,
          await recordXlsx(template, record, lines, totals),
          XLSX,
          `${d.title}-${code}.xlsx`,
          'attachment',
        );
      const team = await printTeamOf(s, a.tenantCode);
      const pdf =
        d.layout === 'labels'
          ? await renderLabelsPdf({ template, record, lines, qr: d.qr! }, team.name, `${d.title} ${code}`)
          : await renderPrintPdf([{ template, record: { ...record, lines }, steps: [] }], team, `${d.title} ${code}`);
      return send(reply, pdf, 'application/pdf', `${d.title}-${code}.pdf`, 'inline');
    },
  );

  app.post(
    '/api/data/:module/documents/:key',
    {
      schema: {
        tags,
        summary:
          '列表文档：按页面声明的文档模板把当前筛选的列表导出为 Excel（如道具清单）；响应头 X-Total-Count 为行数',
        params,
        body: {
          type: 'object',
          properties: {
            ...listQueryProps,
            columns: { type: 'array', maxItems: 200, items: { type: 'string', maxLength: 80 } },
          },
        },
      },
    },
    async (req, reply) => {
      const m = moduleOf(req);
      const d = docOf(m, req.params.key, 'list');
      const { a, readTx, scope, tuned } = await enter(req, m, documentAction(d));
      const tm = await tuned();
      const body = req.body;
      const { columns: asked, ...rest } = body;
      const columns = sheetColumns(tm.schema.list.columns, d.columns ?? asked);
      const query = listQueryOf(m, rest, a.userId);
      const file = await readTx(async (trx) => {
        const q = { ...query, scope: await scope(trx) } as Parameters<typeof writeExport>[1]['query'];
        const total = await countRows(trx, a.tenantCode, dataOf(tm), q);
        if (total > EXPORT_MAX_ROWS)
          throw badRequest(`一次最多导出 ${EXPORT_MAX_ROWS.toLocaleString('en-US')} 条记录，请先筛选缩小范围`);
        const { PassThrough } = await import('node:stream');
        const out = new PassThrough();
        const chunks: Buffer[] = [];
        out.on('data', (c: Buffer) => chunks.push(c));
        const ended = new Promise((resolve) => out.on('end', resolve));
        await writeExport(
          trx,
          { tenant: a.tenantCode, page: tm, data: dataOf(tm), query: q, columns, title: d.title, schemas: s.schemas },
          out,
        );
        if (!out.writableEnded) out.end();
        await ended;
        return { bytes: Buffer.concat(chunks), total };
      });
      void reply
        .header('X-Total-Count', String(file.total))
        .header('Access-Control-Expose-Headers', 'X-Total-Count, Content-Disposition');
      return send(reply, file.bytes, XLSX, `${d.title}-${todayInChina().replace(/-/g, '')}.xlsx`, 'attachment');
    },
  );
}
