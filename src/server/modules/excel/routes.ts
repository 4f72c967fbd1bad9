// POST /api/data/:module/export: the list as the caller sees it (filters, sort, tab, period, keyword,
// category; the page's visibility and the role's data scope) in an .xlsx streamed as it is written, with
// the visible columns in their order. The permission is `<module>:export`. X-Total-Count tells the browser
// how many rows are coming, so it can show progress.
import { PassThrough } from 'node:stream';
import type { Api } from '../../typed-app';
import type { AppServices } from '../../services';
import { badRequest } from '../../errors';
import { listQueryOf, listQueryProps, moduleParam, recordEntry } from '../records/entry';
import { tooManyRequests } from '../../plugins/rate-limits';
import { requireAuth } from '../../plugins/auth';
import { todayInChina } from '../../../common/china-time';
import { sheetColumns } from './columns';
import { countRows, EXPORT_MAX_ROWS, openExport, writeExport } from './export';
import { contentDisposition } from '../files/disposition';

/** The users with an export under way (one at a time each: an export holds a connection while it streams). */
const running = new Set<string>();

export async function excelExportRoutes(app: Api, s: AppServices) {
  const { moduleOf, enter, dataOf } = recordEntry(s);

  app.post(
    '/api/data/:module/export',
    {
      schema: {
        tags: ['业务数据'],
        summary: '导出 Excel（当前筛选与排序的全部记录，所选列按显示顺序；流式生成；响应头 X-Total-Count 为行数）',
        params: moduleParam,
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
      // One export at a time per user, refused before any database work (the first holds a connection while it streams).
      const auth = requireAuth(req);
      const who = `${auth.tenantCode ?? ''}:${auth.userId}`;
      if (running.has(who)) throw tooManyRequests(reply, 5000, '已有一个导出正在进行，请等它完成后再导出');
      running.add(who);
      try {
        const { a, readTx, scope, tuned } = await enter(req, m, 'export');
        const tm = await tuned();
        const body = req.body;
        const columns = sheetColumns(tm.schema.list.columns, body.columns);
        const { columns: _c, ...rest } = body;
        const query = listQueryOf(m, rest, a.userId);
        await readTx(async (trx) => {
          const q = { ...query, scope: await scope(trx) } as Parameters<typeof writeExport>[1]['query'];
          const total = await countRows(trx, a.tenantCode, dataOf(tm), q);
          if (total > EXPORT_MAX_ROWS)
            throw badRequest(`一次最多导出 ${EXPORT_MAX_ROWS.toLocaleString('en-US')} 条记录，请先筛选缩小范围`);
          const title = m.schema.title;
          const file = `${title}-${todayInChina().replace(/-/g, '')}.xlsx`;
          const out = new PassThrough();
          const input = {
            tenant: a.tenantCode,
            page: tm,
            data: dataOf(tm),
            query: q,
            columns,
            title,
            schemas: s.schemas,
            aborted: () => out.destroyed,
          };
          // A bad sort or filter field, or a query the database refuses, answers the JSON error here, before any byte.
          const opened = await openExport(trx, input);
          void reply
            .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
            .header('Content-Disposition', contentDisposition('attachment', file))
            .header('X-Total-Count', String(total))
            .header('Access-Control-Expose-Headers', 'X-Total-Count, Content-Disposition')
            .send(out);
          try {
            await writeExport(trx, input, out, opened);
          } catch (err) {
            // The headers are gone (what openExport checked did not fail, something later did): the client sees a
            // broken download; the log says why.
            req.log.error({ err }, 'excel export failed');
            out.destroy(err as Error);
          }
        });
      } finally {
        running.delete(who);
      }
      return reply;
    },
  );
}
