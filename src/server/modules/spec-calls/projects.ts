// POST /api/project/project/projectPage: approved projects, paged, across the three initiation pages whose
// approved records are the team's projects (项目立项, 装修立项, 家具立项: schemas/projects). Each page is read
// through the record repository with its own permission (<module>:view) and data scope; a page the caller may
// not open is left out, and a caller who may open none is refused.
import type { FastifyRequest } from 'fastify';
import type { Api } from '../../typed-app';
import { ok } from '../../plugins/envelope';
import { badRequest, forbidden } from '../../errors';
import type { AppServices } from '../../services';
import type { Filter } from '../records/query';
import { RecordStatus } from '../../../common/record-status';
import {
  dictItems,
  envelope,
  fieldKeyOf,
  findItem,
  idOrName,
  mayView,
  moduleSchema,
  pageBodyProps,
  paged,
  readModule,
  recordItem,
  tags,
  type Flat,
  BOUND,
} from './common';
import { stageFieldOf } from '../../../common/schema/stage-field';

/**
 * The project pages. `type` is the project type (projectType dictionary name) a page's records have when the page
 * has no projectType field of its own: 装修立项 holds decoration projects, 家具立项 furniture projects.
 */
export const PROJECT_PAGES: { module: string; type?: string }[] = BOUND.projects;
const TYPE_FIELD = 'projectType';
/** How far a merged page may reach (rows before the page's end), so each page reads a bounded number of rows. */
export const PROJECT_WINDOW = 2000;

type Body = {
  pageNum?: number;
  pageSize?: number;
  keyword?: string;
  projectType?: unknown;
  customerId?: number;
  stage?: string;
  module?: string;
};

export async function projectRoutes(app: Api, s: AppServices) {
  /** One page's approved projects matching the body, up to `upTo` rows, newest first. */
  function readPage(req: FastifyRequest, page: (typeof PROJECT_PAGES)[number], b: Body, upTo: number) {
    const m = moduleSchema(s, page.module);
    const hasTypeField = m.fields.some((f) => f.fieldName === TYPE_FIELD);
    return readModule(s, req, page.module, async (read, trx, tenant) => {
      const types = await dictItems(trx, tenant, hasTypeField ? fieldKeyOf(m, TYPE_FIELD) : TYPE_FIELD);
      const filters: Filter[] = [{ field: 'status', operator: 'eq', value: RecordStatus.approved }];
      if (b.projectType !== undefined && b.projectType !== '') {
        const wanted = findItem(types, b.projectType, '项目类型');
        if (hasTypeField) filters.push({ field: TYPE_FIELD, operator: 'eq', value: String(wanted.id) });
        else if (wanted.dictName !== page.type) return { list: [], total: 0 };
      }
      if (b.customerId) filters.push({ field: 'customerId', operator: 'eq', value: String(b.customerId) });
      if (b.stage) filters.push({ field: stageFieldOf(m.schema.stages), operator: 'eq', value: b.stage });
      const res = await read({
        pageNum: 1,
        pageSize: upTo,
        keyword: b.keyword,
        filters,
        sorters: [{ field: 'createdAt', order: 'desc' }],
      });
      // A page without a type field holds projects of its one type: its records carry that type like the others.
      const implied =
        !hasTypeField && page.type
          ? { projectType: types.find((x) => x.dictName === page.type)?.id, projectTypeName: page.type }
          : {};
      const list = res.list.map((r) => {
        const p = r as Flat & Record<string, unknown>;
        return {
          ...implied,
          ...p,
          value: p.id,
          label: `${p.code} ${String(p.projectName ?? '')}`.trim(),
          module: m.schema.module,
          moduleName: m.schema.title,
        };
      });
      return { list, total: res.total };
    });
  }

  app.post(
    '/api/project/project/projectPage',
    {
      schema: {
        tags,
        summary:
          '已通过的项目分页（项目立项、装修立项、家具立项的已通过记录，按创建时间倒序；每类需其 view 权限）：' +
          `body {pageNum, pageSize, keyword, projectType: 项目类型 id 或名称, customerId: 客户（伙伴）id, stage, module}；data {list, total}，` +
          `list 项为项目记录加 {value: id, label: 编号 项目名称, module, moduleName, projectType, projectTypeName}；最多翻到第 ${PROJECT_WINDOW} 条`,
        body: {
          type: 'object',
          properties: {
            ...pageBodyProps,
            projectType: idOrName,
            customerId: { type: 'integer', minimum: 1 },
            stage: { type: 'string', maxLength: 20 },
            module: { type: 'string', enum: PROJECT_PAGES.map((p) => p.module), description: '只查某一类立项' },
          },
        },
        response: envelope(
          paged(
            recordItem({
              id: { type: 'integer' },
              value: { type: 'integer' },
              label: { type: 'string' },
              code: { type: 'string' },
              projectName: { type: 'string' },
              module: { type: 'string' },
              moduleName: { type: 'string' },
              projectTypeName: { type: 'string' },
              customerIdName: { type: 'string' },
              stage: { type: 'string' },
              status: { type: 'string' },
            }),
          ),
        ),
      },
    },
    async (req) => {
      const b = req.body;
      const pageNum = b.pageNum ?? 1;
      const pageSize = b.pageSize ?? 20;
      const upTo = pageNum * pageSize;
      if (upTo > PROJECT_WINDOW) throw badRequest(`最多查看前 ${PROJECT_WINDOW} 个项目，请缩小查询范围`);
      // Each page with its own permission: a page the caller may not open is left out; none at all is refused.
      const pages = [];
      for (const p of PROJECT_PAGES)
        if ((!b.module || p.module === b.module) && (await mayView(s, req, p.module))) pages.push(p);
      if (!pages.length) throw forbidden('没有权限查看项目');
      const open = [];
      for (const p of pages) open.push(await readPage(req, p, b, upTo));
      // Newest first across the pages, as each page sorts (created_at, then id, descending).
      const merged = open.flatMap((x) => x.list).sort((x, y) => y.createdAt.localeCompare(x.createdAt) || y.id - x.id);
      return ok({
        list: merged.slice((pageNum - 1) * pageSize, upTo),
        total: open.reduce((n, x) => n + x.total, 0),
        pageNum,
        pageSize,
      });
    },
  );
}
