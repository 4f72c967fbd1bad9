// POST /api/admin/syspost/list: the team's posts (岗位), i.e. the `post` dictionary the personnel pages keep.
import type { Api } from '../../typed-app';
import { ok } from '../../plugins/envelope';
import type { AppServices } from '../../services';
import { withTenant } from '../../db/tenant-scope';
import { dictTrees, type DictNode } from '../dict/routes';
import { envelope, options, tags, teamMember } from './common';

export const POST_KEY = 'post';

/** The post dictionary flattened in tree order (posts may be grouped under parent posts). */
function flat(nodes: DictNode[], out: DictNode[] = []) {
  for (const n of nodes) {
    out.push(n);
    if (n.children) flat(n.children, out);
  }
  return out;
}

export async function postRoutes(app: Api, s: AppServices) {
  app.post(
    '/api/admin/syspost/list',
    {
      schema: {
        tags,
        summary:
          '团队的岗位（post 字典）：[{value: 岗位 id, label: 岗位名称, postId, postName, postCode, parentId, status}]；status 省略时只列启用的岗位，0 列停用的',
        body: {
          type: 'object',
          properties: {
            postName: { type: 'string', maxLength: 30, description: '名称包含' },
            status: { type: 'integer', enum: [0, 1], description: '1 启用（默认），0 停用' },
          },
        },
        response: envelope(
          options(
            {
              postId: { type: 'integer' },
              postName: { type: 'string' },
              postCode: { type: 'string', nullable: true },
              parentId: { type: 'integer', nullable: true },
              status: { type: 'integer' },
            },
            { type: 'integer' },
          ),
        ),
      },
    },
    async (req) => {
      const a = teamMember(req);
      const { postName, status = 1 } = req.body;
      const trees = await withTenant(s.db, a.tenantCode, (trx) => dictTrees(trx, a.tenantCode, [POST_KEY], status));
      const name = postName?.trim();
      return ok(
        flat(trees[POST_KEY] ?? [])
          .filter((n) => !name || n.dictName.includes(name))
          .map((n) => ({
            value: Number(n.id),
            label: n.dictName,
            postId: Number(n.id),
            postName: n.dictName,
            postCode: n.dictCode,
            parentId: n.parentId === null ? null : Number(n.parentId),
            status: n.status ?? 1,
          })),
      );
    },
  );
}
