// POST /api/data/:module/options: what a record picker of the module's form offers now. The filter comes from
// the page schema (never from the client); the client only sends the form's values that the filter refers to
// ({ "$field": … }) and an optional keyword. Each option carries only the picked record's exposed properties.
import type { Api } from '../../typed-app';
import { ok } from '../../plugins/envelope';
import { openGate } from './gate';
import { badRequest, notFound } from '../../errors';
import type { RecordSources } from './sources';
import { todayInChina } from '../../../common/china-time';
import { linePickerColumns, pickerFields, pickerOptions, recordSourceOf } from './pickers';
import type { RecordSource } from '../../../common/schema';
import { callerRefs } from './visibility';
import { treeChildId } from '../../../common/tree-node';
import { dictTrees } from '../dict/routes';

/** The most nodes a picker tree lists per level. */
const TREE_MAX = 500;

export async function pickerRoutes(app: Api, s: RecordSources) {
  app.post(
    '/api/data/:module/options',
    {
      schema: {
        tags: ['业务数据'],
        summary: '关联单据选择器：按页面配置的条件列出可选的单据（最多 50 条）',
        params: {
          type: 'object',
          required: ['module'],
          properties: { module: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_]{0,60}$' } },
        },
        body: {
          type: 'object',
          required: ['field'],
          properties: {
            field: {
              type: 'string',
              pattern: '^(lines\\.)?[A-Za-z_][A-Za-z0-9_]{0,60}$',
              description: 'A picker field, or lines.<cell> for a line cell',
            },
            values: { type: 'object', maxProperties: 200 },
            keyword: { type: 'string', maxLength: 50 },
          },
        },
      },
    },
    async (req) => {
      const { module } = req.params;
      const m = s.schemas.get(module);
      if (!m) throw notFound('模块不存在');
      // The gate's permission; a picker then offers what the page's visibility and retired rules allow (pickers.ts).
      const { a, readTx } = await openGate(s, req, m, 'view');
      const { field, values, keyword } = req.body;
      // A line cell's picker is asked for as lines.<cell>; it offers records the same way a field's does.
      const cell = field.startsWith('lines.') ? linePickerColumns(m).find((c) => c.prop === field.slice(6)) : undefined;
      // A stage action's field (下单: the supplier) is asked for by its name when the form has no field of that name.
      const actionField = (m.schema.stages?.actions ?? [])
        .flatMap((a) => a.fields ?? [])
        .find((x) => x.fieldName === field && recordSourceOf(x.data));
      const f = cell
        ? { fieldName: field, titleName: cell.label, fontendType: 'select' as const, data: cell.data as RecordSource }
        : (pickerFields(m).find((x) => x.fieldName === field) ?? actionField);
      if (!f) throw badRequest(`字段「${field}」不是关联单据选择器`);
      // Only scalar form values may take part in a filter.
      const data = Object.fromEntries(
        Object.entries(values ?? {}).filter(([, v]) => ['string', 'number', 'boolean'].includes(typeof v)),
      );
      const list = await readTx(async (trx) =>
        pickerOptions(
          trx,
          a.tenantCode,
          s.schemas,
          f,
          { ...(await callerRefs(trx, a.tenantCode, a.userId, todayInChina())), data },
          keyword?.trim() || undefined,
        ),
      );
      return ok(list);
    },
  );

  // A picker tree (tree.fromPicker): its nodes, and with tree.children a second level under each (客户 → 道具项目).
  app.get(
    '/api/data/:module/tree-nodes',
    {
      schema: {
        tags: ['业务数据'],
        summary:
          '左侧树（关联单据）：第一级为选择器可选的单据；声明了下级时只列有下级单据的节点，每个节点下列出其下级单据（如 客户 → 道具项目），各最多 500 条',
        params: {
          type: 'object',
          required: ['module'],
          properties: { module: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_]{0,60}$' } },
        },
      },
    },
    async (req) => {
      const { module } = req.params;
      const m = s.schemas.get(module);
      if (!m) throw notFound('模块不存在');
      const tree = m.schema.tree;
      // A picker's records, or a dictionary (伙伴类型) with a picker's records below it (伙伴类型 → 伙伴).
      if (!tree?.field || !(tree.fromPicker || (tree.fieldKey && tree.children)))
        throw notFound('该页面没有关联单据树');
      // The gate's permission; a picker then offers what the page's visibility and retired rules allow (pickers.ts).
      const { a, readTx } = await openGate(s, req, m, 'view');
      const top = tree.fromPicker ? pickerFields(m).find((x) => x.fieldName === tree.field)! : undefined;
      const below = tree.children ? pickerFields(m).find((x) => x.fieldName === tree.children!.field) : undefined;
      const nodes = await readTx(async (trx) => {
        const refs = { ...(await callerRefs(trx, a.tenantCode, a.userId, todayInChina())), data: {} };
        const parents = top
          ? await pickerOptions(trx, a.tenantCode, s.schemas, top, refs, undefined, TREE_MAX)
          : ((await dictTrees(trx, a.tenantCode, [tree.fieldKey!], 1))[tree.fieldKey!] ?? [])
              .slice(0, TREE_MAX)
              .map((n) => ({ value: n.id, label: n.dictName }));
        if (!below || !tree.children) return parents.map((o) => ({ id: String(o.value), name: o.label }));
        const src = recordSourceOf(below.data)!;
        const parentField = tree.children.parentField;
        const kids = await pickerOptions(
          trx,
          a.tenantCode,
          s.schemas,
          {
            ...below,
            data: { ...src, label: tree.children.label ?? src.label, expose: [...(src.expose ?? []), parentField] },
          },
          refs,
          undefined,
          TREE_MAX,
        );
        const byParent = new Map<string, { id: string; name: string }[]>();
        for (const k of kids) {
          // A multi-valued parent field (a partner of several types) puts the record under each of its values.
          const held = (k.record as Record<string, unknown>)[parentField];
          for (const v of new Set((Array.isArray(held) ? held : [held]).map((x) => String(x ?? '')))) {
            byParent.set(v, [...(byParent.get(v) ?? []), { id: treeChildId(below.fieldName, k.value), name: k.label }]);
          }
        }
        // Only the nodes with records below them (the customers with projects): the others hold nothing to show.
        return parents.flatMap((o) => {
          const children = byParent.get(String(o.value));
          return children?.length ? [{ id: String(o.value), name: o.label, children }] : [];
        });
      });
      return ok(nodes);
    },
  );
}
