import type { Api } from '../../typed-app';
import { ok } from '../../plugins/envelope';
import { requireTeamPermission, type PermissionSources } from '../../plugins/permissions';
import { badRequest, conflict, notFound } from '../../errors';
import type { DB } from '../../db';
import { withTenant, type TenantTx } from '../../db/tenant-scope';
import { moduleParam } from '../../module-param';

const tags = ['分类'];
const idBody = { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } } as const;

export interface CategoryTreeNode {
  id: number;
  name: string;
  label: string;
  noEdit: boolean;
  children: CategoryTreeNode[];
}

export async function categoryTree(trx: TenantTx, tenant: string, module: string): Promise<CategoryTreeNode[]> {
  const rows = await trx
    .selectFrom('categories')
    .selectAll()
    .where('tenant_code', '=', tenant)
    .where('module', '=', module)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  const nodes = new Map(
    rows.map((r) => [
      r.id,
      { id: r.id, name: r.name, label: r.name, noEdit: r.locked, children: [] as CategoryTreeNode[] },
    ]),
  );
  const roots: CategoryTreeNode[] = [];
  for (const r of rows)
    (r.parent_id && nodes.get(r.parent_id) ? nodes.get(r.parent_id)!.children : roots).push(nodes.get(r.id)!);
  return roots;
}

export async function categoryRoutes(app: Api, s: PermissionSources & { db: DB }) {
  const { db } = s;
  const mod = (req: { params: { module: string } }) => {
    const { module } = req.params;
    if (!s.schemas.get(module)) throw notFound('模块不存在');
    return module;
  };

  async function node(trx: TenantTx, tenant: string, module: string, id: number) {
    const n = await trx
      .selectFrom('categories')
      .selectAll()
      .where('tenant_code', '=', tenant)
      .where('module', '=', module)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!n) throw notFound('分类不存在');
    return n;
  }

  app.get('/api/data/:module/categories', { schema: { tags, summary: '分类树', params: moduleParam } }, async (req) => {
    const module = mod(req);
    const a = await requireTeamPermission(s, req, module, 'view');
    return ok(await withTenant(db, a.tenantCode, (trx) => categoryTree(trx, a.tenantCode, module)));
  });

  app.post(
    '/api/data/:module/categories/add',
    {
      schema: {
        tags,
        summary: '新增分类',
        params: moduleParam,
        body: {
          type: 'object',
          required: ['name'],
          properties: { name: { type: 'string', maxLength: 30 }, parentId: { type: ['integer', 'null'] } },
        },
      },
    },
    async (req) => {
      const module = mod(req);
      const a = await requireTeamPermission(s, req, module, 'edit');
      const { name, parentId } = req.body;
      if (!name.trim()) throw badRequest('分类名称不能为空');
      return ok(
        await withTenant(db, a.tenantCode, async (trx) => {
          if (parentId) await node(trx, a.tenantCode, module, parentId);
          const last = await trx
            .selectFrom('categories')
            .select((eb) => eb.fn.max('sort').as('m'))
            .where('tenant_code', '=', a.tenantCode)
            .where('module', '=', module)
            .where((eb) => (parentId ? eb('parent_id', '=', parentId) : eb('parent_id', 'is', null)))
            .executeTakeFirst();
          const row = await trx
            .insertInto('categories')
            .values({
              tenant_code: a.tenantCode,
              module,
              parent_id: parentId ?? null,
              name: name.trim(),
              sort: Number(last?.m ?? 0) + 1,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          return { id: row.id };
        }),
        '新增成功',
      );
    },
  );

  app.post(
    '/api/data/:module/categories/rename',
    {
      schema: {
        tags,
        summary: '重命名分类',
        params: moduleParam,
        body: {
          type: 'object',
          required: ['id', 'name'],
          properties: { id: { type: 'integer' }, name: { type: 'string', maxLength: 30 } },
        },
      },
    },
    async (req) => {
      const module = mod(req);
      const a = await requireTeamPermission(s, req, module, 'edit');
      const { id, name } = req.body;
      if (!name.trim()) throw badRequest('分类名称不能为空');
      await withTenant(db, a.tenantCode, async (trx) => {
        const n = await node(trx, a.tenantCode, module, id);
        if (n.locked) throw conflict('该分类已锁定，不能修改');
        await trx
          .updateTable('categories')
          .set({ name: name.trim() })
          .where('tenant_code', '=', a.tenantCode)
          .where('id', '=', id)
          .execute();
      });
      return ok(null, '修改成功');
    },
  );

  app.post(
    '/api/data/:module/categories/delete',
    { schema: { tags, summary: '删除分类（有子分类或记录时拒绝）', params: moduleParam, body: idBody } },
    async (req) => {
      const module = mod(req);
      const a = await requireTeamPermission(s, req, module, 'delete');
      const { id } = req.body;
      await withTenant(db, a.tenantCode, async (trx) => {
        const n = await node(trx, a.tenantCode, module, id);
        if (n.locked) throw conflict('该分类已锁定，不能删除');
        const child = await trx
          .selectFrom('categories')
          .select('id')
          .where('tenant_code', '=', a.tenantCode)
          .where('parent_id', '=', id)
          .executeTakeFirst();
        if (child) throw conflict('该分类下还有子分类，不能删除');
        const used = await trx
          .selectFrom('records')
          .select('id')
          .where('tenant_code', '=', a.tenantCode)
          .where('category_id', '=', id)
          .where('deleted_at', 'is', null)
          .executeTakeFirst();
        if (used) throw conflict('该分类下还有记录，不能删除');
        await trx.deleteFrom('categories').where('tenant_code', '=', a.tenantCode).where('id', '=', id).execute();
      });
      return ok(null, '删除成功');
    },
  );

  app.post(
    '/api/data/:module/categories/move',
    {
      schema: {
        tags,
        summary: '上移/下移（与相邻分类交换；在首位或末位时不变）',
        params: moduleParam,
        body: {
          type: 'object',
          required: ['id', 'direction'],
          properties: { id: { type: 'integer' }, direction: { type: 'string', enum: ['up', 'down'] } },
        },
      },
    },
    async (req) => {
      const module = mod(req);
      const a = await requireTeamPermission(s, req, module, 'edit');
      const { id, direction } = req.body;
      const moved = await withTenant(db, a.tenantCode, async (trx) => {
        const n = await node(trx, a.tenantCode, module, id);
        const siblings = await trx
          .selectFrom('categories')
          .select(['id', 'sort'])
          .where('tenant_code', '=', a.tenantCode)
          .where('module', '=', module)
          .where((eb) => (n.parent_id ? eb('parent_id', '=', n.parent_id) : eb('parent_id', 'is', null)))
          .orderBy('sort')
          .orderBy('id')
          .execute();
        const i = siblings.findIndex((x) => x.id === id);
        const j = direction === 'up' ? i - 1 : i + 1;
        if (j < 0 || j >= siblings.length) return false;
        // Renumber the siblings in their new order, so equal sort values cannot make the swap a no-op.
        const order = siblings.map((x) => x.id);
        [order[i], order[j]] = [order[j], order[i]];
        for (let k = 0; k < order.length; k++) {
          await trx
            .updateTable('categories')
            .set({ sort: k + 1 })
            .where('tenant_code', '=', a.tenantCode)
            .where('id', '=', order[k])
            .execute();
        }
        return true;
      });
      return ok({ moved }, moved ? '移动成功' : '已在首位或末位');
    },
  );
}
