// 智能数据: POST /api/data/:module/charts answers the figures of every chart the module's page declares
// (PageSchema.charts), each one GROUP BY query over the team's live records the caller may see — the same
// entry as the list (permission, tenant, the page's visibility and the role's data scope), the section
// header's tab and month or year applied, and the page tree's node (a category or a dictionary filter) as on the
// list. Knows no module names.
import type { Api } from '../../typed-app';
import { sql } from 'kysely';
import { ok } from '../../plugins/envelope';
import { badRequest } from '../../errors';
import type { AppServices } from '../../services';
import { PERIOD_PATTERN } from '../../../common/list-views';
import { todayInChina } from '../../../common/china-time';
import { listQueryProps, moduleParam, recordEntry } from '../records/entry';
import { listView } from '../records/list-views';
import { whereSql } from '../records/repository';
import { callerRefs } from '../records/visibility';
import { chartFigures } from './aggregate';

export async function chartRoutes(app: Api, s: AppServices) {
  const { moduleOf, enter, dataOf } = recordEntry(s);

  app.post(
    '/api/data/:module/charts',
    {
      schema: {
        tags: ['业务数据'],
        summary: '智能数据：页面声明的图表（按当前团队可见的记录在数据库中分组汇总，应用分区标题的标签与年/月）',
        params: moduleParam,
        body: {
          type: 'object',
          additionalProperties: false,
          properties: {
            // The header's tab and period, and what the page tree narrows the list to (a category, or a dictionary
            // node's values), checked as on the list.
            tab: listQueryProps.tab,
            period: listQueryProps.period,
            categoryId: listQueryProps.categoryId,
            filters: listQueryProps.filters,
          },
        },
      },
    },
    async (req) => {
      const m = moduleOf(req);
      const charts = m.schema.charts ?? [];
      if (!charts.length) throw badRequest('该列表没有智能数据图表');
      const { a, readTx, scope } = await enter(req, m, 'view');
      const body = req.body;
      const period = body.period || undefined;
      if (period !== undefined && !PERIOD_PATTERN.test(period))
        throw badRequest('月份或年份格式不正确（应为 YYYY 或 YYYY-MM）');
      // The tab's conditions as the list applies them (a tab the list does not declare: 400).
      const view = listView(m, { tab: body.tab }, { userId: a.userId });
      // A work queue's charts, like its list, count all pending work: the header's period does not narrow them.
      const dated = view.queue ? undefined : period;
      const data = dataOf(m);
      const today = todayInChina();
      return ok(
        await readTx(async (trx) => {
          const where = whereSql(a.tenantCode, data, {
            filters: [...(body.filters ?? []), ...view.filters],
            categoryId: body.categoryId,
            tab: view.oaTab,
            userId: a.userId,
            scope: await scope(trx),
          });
          const refs = await callerRefs(trx, a.tenantCode, a.userId, today);
          const out = [];
          // One query per chart, one after the other on the call's connection.
          for (const c of charts) out.push(await chartFigures(trx, data, c, sql`${where}`, dated, refs));
          return { period: dated ?? null, charts: out };
        }),
      );
    },
  );
}
