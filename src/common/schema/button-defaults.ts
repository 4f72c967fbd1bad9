// A button that does what every page's button of that action does need not say its key or text: `{ "action": "view" }`
// is 查看, keyed view; a delete is red and an add is the primary button; a stage button is called what its stage action
// is called. A page writes a key or a text only where it differs (新增报销, 批量删除, 过账). Applied before the
// permission codes, which are named after the key (permission-defaults.ts).
import { recordListsOf } from './record-lists';
import type { AnyPageSchema, ButtonDef, EntityDef, StageAction } from './types';

type Action = NonNullable<ButtonDef['action']>;

/** The actions whose button may leave out its key (it is the action's name) and its text (this). */
export const STANDARD_BUTTON_TEXT: Partial<Record<Action, string>> = {
  add: '新增',
  view: '查看',
  edit: '编辑',
  delete: '删除',
  submit: '提交',
  withdraw: '撤回',
  export: '导出',
  import: '导入',
};

/** Every button of a list, page or nested list, with its JSON path inside it: dropdowns' items are in `children`. */
export function buttonsOf(e: EntityDef): [path: (string | number)[], button: ButtonDef][] {
  const out: [(string | number)[], ButtonDef][] = [];
  const add = (list: ButtonDef[] | undefined, ...path: (string | number)[]) =>
    list?.forEach((b, i) => out.push([[...path, i], b]));
  add(e.list?.actions, 'list', 'actions');
  add(e.list?.operations, 'list', 'operations');
  e.list?.columns.forEach(
    (c, i) =>
      c.type === 'buttonList' && Array.isArray(c.data) && add(c.data as ButtonDef[], 'list', 'columns', i, 'data'),
  );
  add(e.drawer?.buttons, 'drawer', 'buttons');
  if (e.addDialog?.extraButton) out.push([['addDialog', 'extraButton'], e.addDialog.extraButton]);
  return out;
}

function fill(b: ButtonDef, stageActions: readonly StageAction[]) {
  const standard = b.action && STANDARD_BUTTON_TEXT[b.action];
  if (standard) {
    b.key ??= b.action;
    b.text ??= standard;
  }
  if (b.action === 'stage' && b.text === undefined) {
    const text = stageActions.find((a) => a.key === b.key)?.text;
    if (text) b.text = text;
  }
  if (b.action === 'delete') b.danger ??= true;
  if (b.action === 'add') b.type ??= 'primary';
  for (const c of b.children ?? []) fill(c, stageActions);
}

/** Fills in, in place, the key, text, colour and type every button leaves to its action; returns the page. */
export function withButtonDefaults<T extends AnyPageSchema>(schema: T): T {
  for (const e of recordListsOf(schema)) for (const [, b] of buttonsOf(e)) fill(b, e.stages?.actions ?? []);
  return schema;
}
