// The 字典项 form (the same on every dictionary page) as field definitions
// for the generic field renderer, and the conversions between stored items, form values and writes.
import type { DictionaryKeyConfig, FieldDef, Option } from '../../../common/schema/types';
import type { DictEntry, DictEntryInput } from '../../api/data-provider';

export const NAME_MAX = 30;
export const CODE_MAX = 30;
export const ICON_MAX = 50;

/** Options the form needs from other dictionaries: the item tree (上级), team members (负责人), extra values. */
export interface FormContext {
  items: DictEntry[];
  members: Option[];
  extraOptions: Option[];
  /** The item being edited (its own subtree cannot become its parent). */
  editing?: DictEntry;
}

/** Items as tree-select options, leaving out `exclude` and everything under it. */
export function parentOptions(items: DictEntry[], exclude?: DictEntry['id'], path: string[] = []): Option[] {
  return items
    .filter((n) => exclude === undefined || String(n.id) !== String(exclude))
    .map((n) => {
      const names = [...path, n.dictName];
      const children = parentOptions(n.children ?? [], exclude, names);
      return {
        label: n.dictName,
        value: n.id,
        title: names.join('/'),
        ...(children.length ? { children } : { isLeaf: true }),
      };
    });
}

/** Extra-value choices: the page's options, or the coded items of another dictionary (value = its dictCode). */
export function extraOptionsOf(cfg: DictionaryKeyConfig, referenced: DictEntry[]): Option[] {
  if (cfg.extra?.options) return cfg.extra.options.map((o) => ({ label: o, value: o }));
  const out: Option[] = [];
  const walk = (list: DictEntry[]) =>
    list.forEach((n) => {
      if (n.dictCode)
        out.push({ label: `${n.dictName}（${n.dictCode}）`, value: n.dictCode, disabled: n.status === 0 });
      walk(n.children ?? []);
    });
  walk(referenced);
  return out;
}

/** The fields of the 字典项 form for one dictionary; a seeded item keeps its code and parent. */
export function itemFields(cfg: DictionaryKeyConfig, ctx: FormContext): FieldDef[] {
  const seeded = !!ctx.editing?.seeded;
  const fields: FieldDef[] = [
    { fieldName: 'dictName', titleName: '名称', fontendType: 'text', requireAble: true, maxLength: NAME_MAX },
    {
      fieldName: 'dictCode',
      titleName: cfg.codeLabel ?? '编码',
      fontendType: 'text',
      maxLength: CODE_MAX,
      disabled: seeded,
      ...(seeded ? { remark: '系统预置项不能修改编码' } : {}),
    },
  ];
  if (cfg.tree) {
    fields.push({
      fieldName: 'parentId',
      titleName: '上级',
      fontendType: 'treeSelect',
      data: parentOptions(ctx.items, ctx.editing?.id),
      disabled: seeded,
      placeholder: '无（顶级）',
      ...(seeded ? { remark: '系统预置项不能修改上级' } : {}),
    });
  }
  if (cfg.extra) {
    const x = cfg.extra;
    fields.push(
      x.options || x.fieldKey
        ? {
            fieldName: 'dictExtra',
            titleName: x.title,
            fontendType: 'select',
            data: ctx.extraOptions,
            requireAble: !!x.required,
          }
        : {
            fieldName: 'dictExtra',
            titleName: x.title,
            fontendType: 'text',
            maxLength: x.maxLength ?? 100,
            requireAble: !!x.required,
          },
    );
  }
  if (cfg.leader) fields.push({ fieldName: 'leaderId', titleName: '负责人', fontendType: 'select', data: ctx.members });
  fields.push(
    { fieldName: 'dictImg', titleName: '图片', fontendType: 'image', limit: 1 },
    {
      fieldName: 'dictIcon',
      titleName: '图标',
      fontendType: 'text',
      maxLength: ICON_MAX,
      placeholder: '如 InboxOutlined',
    },
    { fieldName: 'sort', titleName: '排序', fontendType: 'number', min: 0, max: 999999, placeholder: '默认排在最后' },
    { fieldName: 'enabled', titleName: '启用', fontendType: 'switch' },
  );
  return fields;
}

/** A stored item as form values (the image field holds a list of files). */
export function toFormValues(n?: DictEntry, parentId?: DictEntry['id']): Record<string, unknown> {
  if (!n) return { enabled: true, ...(parentId !== undefined ? { parentId } : {}) };
  return {
    dictName: n.dictName,
    dictCode: n.dictCode ?? undefined,
    parentId: n.parentId ?? undefined,
    dictExtra: n.dictExtra ?? undefined,
    leaderId: n.leaderId ?? undefined,
    dictImg: n.dictImg ? [{ url: n.dictImg, name: n.dictName }] : [],
    dictIcon: n.dictIcon ?? undefined,
    sort: n.sort,
    enabled: n.status !== 0,
  };
}

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** Form values as a write: empty texts clear, the image list becomes its first file's address. */
export function toInput(cfg: DictionaryKeyConfig, v: Record<string, unknown>): DictEntryInput {
  const img = Array.isArray(v.dictImg) ? (v.dictImg[0] as { url?: string } | undefined)?.url : undefined;
  const sort = v.sort === undefined || v.sort === null || v.sort === '' ? undefined : Math.round(Number(v.sort));
  return {
    dictName: String(v.dictName ?? '').trim(),
    dictCode: text(v.dictCode),
    ...(cfg.tree ? { parentId: (v.parentId as DictEntry['parentId']) ?? null } : {}),
    ...(cfg.extra ? { dictExtra: text(v.dictExtra) } : {}),
    ...(cfg.leader ? { leaderId: (v.leaderId as DictEntry['leaderId']) ?? null } : {}),
    dictImg: img ?? null,
    dictIcon: text(v.dictIcon),
    ...(sort !== undefined && Number.isFinite(sort) ? { sort } : {}),
    enabled: v.enabled !== false,
  };
}
