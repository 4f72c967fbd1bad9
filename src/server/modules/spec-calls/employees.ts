// POST /api/admin/employee/getAllEmployeeInfoByProfession: the team's employees (员工档案 records) grouped by
// post (岗位, the `post` dictionary), in the dictionary's order; employees without a post come last.
import type { Api } from '../../typed-app';
import { ok } from '../../plugins/envelope';
import type { AppServices } from '../../services';
import type { Filter } from '../records/query';
import { RecordStatus } from '../../../common/record-status';
import {
  dictItems,
  fieldKeyOf,
  findItem,
  idOrName,
  moduleSchema,
  readAll,
  readModule,
  tags,
  type Flat,
  BOUND,
} from './common';
import { stageFieldOf } from '../../../common/schema/stage-field';

export const EMPLOYEES = BOUND.employees.module;
const POST_FIELD = BOUND.employees.postField;
const LEFT = '离职';

export async function employeeRoutes(app: Api, s: AppServices) {
  app.post(
    '/api/admin/employee/getAllEmployeeInfoByProfession',
    {
      schema: {
        tags,
        summary:
          `按岗位分组的员工（员工档案中已通过的记录，需 ${EMPLOYEES}:view；` +
          '默认不含离职）：body {postId: 岗位 id 或名称（可多个）, keyword, withLeft}；' +
          '[{value: 岗位 id, label: 岗位名称, postId, postName, count, employees: [{value: 员工 id, label: 姓名, id, code, name, jobNo, userId, deptId, deptIdName, mobile, employeeStatus}]}]',
        body: {
          type: 'object',
          properties: {
            postId: { anyOf: [idOrName, { type: 'array', maxItems: 50, items: idOrName }] },
            keyword: { type: 'string', maxLength: 50, description: '姓名、工号等包含' },
            withLeft: { type: 'boolean', default: false, description: '是否包含离职员工' },
          },
        },
        response: {
          200: {
            type: 'object',
            properties: {
              status: { type: 'integer' },
              message: { type: 'string' },
              data: {
                type: 'array',
                nullable: true,
                items: {
                  type: 'object',
                  additionalProperties: true,
                  properties: {
                    value: { type: 'integer', nullable: true },
                    label: { type: 'string' },
                    postId: { type: 'integer', nullable: true },
                    postName: { type: 'string' },
                    count: { type: 'integer' },
                    employees: {
                      type: 'array',
                      items: {
                        type: 'object',
                        additionalProperties: true,
                        properties: { value: { type: 'integer' }, label: { type: 'string' }, name: { type: 'string' } },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
    async (req) => {
      const b = req.body;
      const m = moduleSchema(s, EMPLOYEES);
      const stageField = stageFieldOf(m.schema.stages);
      const { rows, posts } = await readModule(s, req, EMPLOYEES, async (read, trx, tenant) => {
        const posts = await dictItems(trx, tenant, fieldKeyOf(m, POST_FIELD));
        const asked = (
          Array.isArray(b.postId) ? b.postId : b.postId === undefined || b.postId === '' ? [] : [b.postId]
        ).map((v) => String(findItem(posts, v, '岗位').id));
        const filters: Filter[] = [{ field: 'status', operator: 'eq', value: RecordStatus.approved }];
        if (asked.length) filters.push({ field: POST_FIELD, operator: 'in', value: asked });
        if (!b.withLeft) filters.push({ field: stageField, operator: 'ne', value: LEFT });
        const rows = await readAll(
          read,
          { filters, keyword: b.keyword, sorters: [{ field: 'createdAt', order: 'asc' }] },
          5000,
        );
        return { rows, posts: asked.length ? posts.filter((p) => asked.includes(String(p.id))) : posts };
      });
      const employee = (r: Flat & Record<string, unknown>) => ({
        value: r.id,
        label: String(r.name ?? r.code),
        id: r.id,
        code: r.code,
        name: asText(r.name),
        jobNo: r.jobNo,
        userId: r.userId,
        userIdName: r.userIdName,
        deptId: r.deptId,
        deptIdName: r.deptIdName,
        mobile: r.mobile,
        employeeStatus: r[stageField],
      });
      const byPost = new Map<string, ReturnType<typeof employee>[]>();
      for (const r of rows as (Flat & Record<string, unknown>)[]) {
        const k = r[POST_FIELD] === undefined || r[POST_FIELD] === null ? '' : String(r[POST_FIELD]);
        byPost.set(k, [...(byPost.get(k) ?? []), employee(r)]);
      }
      const groups = posts.flatMap((p) => {
        const list = byPost.get(String(p.id)) ?? [];
        byPost.delete(String(p.id));
        // A disabled post shows only while employees still hold it.
        if (p.disabled && !list.length) return [];
        return [
          {
            value: Number(p.id),
            label: p.dictName,
            postId: Number(p.id),
            postName: p.dictName,
            count: list.length,
            employees: list,
          },
        ];
      });
      // Employees whose post is no longer in the dictionary (or who have none) still show, under their stored name.
      for (const [k, list] of byPost) {
        const name =
          String(
            (
              rows.find((r) => String((r as Record<string, unknown>)[POST_FIELD] ?? '') === k) as
                | Record<string, unknown>
                | undefined
            )?.[`${POST_FIELD}Name`] ?? '',
          ) || '未设岗位';
        groups.push({
          value: k ? Number(k) : (null as unknown as number),
          label: name,
          postId: k ? Number(k) : (null as unknown as number),
          postName: name,
          count: list.length,
          employees: list,
        });
      }
      return ok(groups);
    },
  );
}

/**
 * A value the answer's schema declares a string, as its serializer writes it: absent stays absent, null is "", anything
 * else its text — so the handler returns what the schema's type says and the answer is the same.
 */
function asText(v: unknown): string | undefined {
  return v === undefined ? undefined : v === null ? '' : String(v);
}
