// Excel import into any list whose users add records by hand:
//   GET  /api/data/:module/import/template  → <title>-导入模板.xlsx
//   POST /api/data/:module/import/preview   → every row with its errors, nothing stored
//   POST /api/data/:module/import?mode=all|valid → stores (all or none / only the correct rows), with an error
//        report (.xlsx, base64) of the failed rows.
// Each call starts like /add: the module, `<module>:add`, a writable list that users may add to, the team's
// tuned page, and the tenant transaction (records/entry.ts).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Api } from '../../typed-app';
import { ok } from '../../plugins/envelope';
import { AppError, badRequest, forbidden } from '../../errors';
import type { AppServices } from '../../services';
import { recordEntry, moduleParam } from '../records/entry';
import type { ModuleSchema } from '../records/schema-registry';
import { callerRefs } from '../records/visibility';
import { todayInChina } from '../../../common/china-time';
import { buildTemplate, importColumns } from './template';
import { errorReport, IMPORT_MAX_BYTES, readSheet, runRows, type RunResult } from './import';
import { contentDisposition } from '../files/disposition';

const tags = ['业务数据'];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Thrown to roll a transaction back with what it found (a preview, or an all-or-nothing import that failed). */
class RolledBack extends Error {
  constructor(public readonly result: RunResult) {
    super('rolled back');
  }
}

const attachment = (reply: FastifyReply, name: string) =>
  reply
    .header('Content-Type', XLSX)
    .header('Content-Disposition', contentDisposition('attachment', name, 'import.xlsx'))
    .header('Cache-Control', 'no-store');

export async function importRoutes(app: Api, s: AppServices) {
  const { moduleOf, enter, writable } = recordEntry(s);

  /** Imports are additions: refused where /add is. */
  function addable(m: ModuleSchema) {
    writable(m);
    if (m.schema.viewOf) throw forbidden('该列表只读：其中的记录由系统生成');
    if (m.schema.addable === false) throw forbidden('该列表的记录由其他单据生成，不能手工新增');
  }

  /** The uploaded workbook's bytes (multipart, one file, ≤ 10 MB while streaming) and the form's mode field. */
  async function upload(req: FastifyRequest) {
    if (!req.isMultipart()) throw badRequest('请上传 Excel 文件（multipart/form-data）');
    let part;
    try {
      part = await req.file({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5, fieldSize: 100 } });
    } catch {
      throw badRequest('请上传 Excel 文件（.xlsx）');
    }
    if (!part) throw badRequest('请选择要导入的 Excel 文件');
    let bytes: Buffer;
    try {
      bytes = await part.toBuffer();
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, '文件大小不能超过10MB');
      throw badRequest('文件上传不完整，请重试');
    }
    if (!bytes.length) throw badRequest('文件内容为空');
    const field = part.fields.mode as { value?: unknown } | undefined;
    return { bytes, mode: typeof field?.value === 'string' ? field.value : undefined };
  }

  /** Reads the sheet and runs its rows in the caller's tenant transaction; `keep` says whether to commit. */
  async function run(
    req: FastifyRequest & { params: { module: string } },
    keep: (r: RunResult, mode: string | undefined) => boolean,
  ) {
    const m = moduleOf(req);
    addable(m);
    const { a, ctx, run: inTenant, tuned } = await enter(req, m, 'add');
    const tm = await tuned();
    const { bytes, mode } = await upload(req);
    const sheet = await readSheet(bytes);
    if (!sheet.rows.length) throw badRequest('Excel 中没有要导入的数据行');
    try {
      const result = await inTenant(async (trx) => {
        const refs = await callerRefs(trx, a.tenantCode, a.userId, todayInChina());
        const cols = await importColumns(trx, a.tenantCode, s.schemas, tm, refs);
        const r = await runRows(trx, ctx, a.userId, tm, cols, sheet, refs);
        if (!keep(r, mode)) throw new RolledBack(r);
        return r;
      });
      return { m, sheet, result, stored: true };
    } catch (err) {
      if (err instanceof RolledBack) return { m, sheet, result: err.result, stored: false };
      throw err;
    }
  }

  const answerRows = (r: RunResult) =>
    r.rows.map((x) => ({ rowNumber: x.rowNumber, values: x.cells, errors: x.errors }));

  app.get(
    '/api/data/:module/import/template',
    {
      schema: {
        tags,
        summary: '下载导入模板（.xlsx：新增表单的字段为表头，必填带 *，字典字段为下拉列表）',
        params: moduleParam,
      },
    },
    async (req, reply) => {
      const m = moduleOf(req);
      addable(m);
      const { a, run: inTenant, tuned } = await enter(req, m, 'add');
      const tm = await tuned();
      const bytes = await inTenant(async (trx) =>
        buildTemplate(
          tm,
          await importColumns(
            trx,
            a.tenantCode,
            s.schemas,
            tm,
            await callerRefs(trx, a.tenantCode, a.userId, todayInChina()),
          ),
        ),
      );
      return attachment(reply, `${tm.schema.title}-导入模板.xlsx`).send(bytes);
    },
  );

  app.post(
    '/api/data/:module/import/preview',
    {
      schema: {
        tags,
        summary: '导入预览：按保存时的同样规则校验每一行（multipart 字段 file，≤10MB，≤5000 行），不保存',
        params: moduleParam,
        consumes: ['multipart/form-data'],
      },
    },
    async (req) => {
      const { sheet, result } = await run(req, () => false);
      const invalid = result.rows.filter((x) => x.errors.length).length;
      return ok({
        headers: sheet.headers,
        total: result.total,
        valid: result.total - invalid,
        invalid,
        rows: answerRows(result),
      });
    },
  );

  app.post(
    '/api/data/:module/import',
    {
      schema: {
        tags,
        summary:
          '导入：mode=valid 仅导入正确的行，mode=all 全部正确才导入；返回导入条数、每行错误和错误报告（.xlsx，base64）',
        params: moduleParam,
        consumes: ['multipart/form-data'],
        querystring: { type: 'object', properties: { mode: { type: 'string', enum: ['all', 'valid'] } } },
      },
    },
    async (req) => {
      const query = req.query.mode;
      // The query's mode, else the form's field (any text until checked below).
      let chosen: string | undefined = query;
      const { sheet, result, stored } = await run(req, (r, sent) => {
        chosen = query ?? sent;
        if (chosen !== 'all' && chosen !== 'valid')
          throw badRequest('请选择导入方式：仅导入正确的行（valid）或全部正确才导入（all）');
        return chosen === 'valid' || r.rows.every((x) => !x.errors.length);
      });
      const failed = result.rows.filter((x) => x.errors.length);
      const imported = stored ? result.rows.length - failed.length : 0;
      const report = failed.length ? (await errorReport(sheet.headers, result.rows)).toString('base64') : null;
      const message = stored
        ? failed.length
          ? `已导入 ${imported} 条，${failed.length} 行有错误未导入`
          : `已导入 ${imported} 条`
        : `有 ${failed.length} 行错误，全部未导入`;
      return ok(
        {
          mode: chosen,
          total: result.total,
          imported,
          failed: failed.length,
          rows: answerRows(result).filter((x) => x.errors.length),
          errorReport: report,
          errorReportName: report ? `${moduleOf(req).schema.title}-导入错误报告.xlsx` : null,
        },
        message,
      );
    },
  );
}
