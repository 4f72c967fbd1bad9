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

type PlacedButton = [path: (string | number)[], button: ButtonDef];

/**
 * The buttons of a list's action bar, its rows, its drawer's footer and its add dialog, each with its JSON path inside
 * the list (page or nested list): the buttons a permission code guards. A dropdown's items are in its `children`.
 */
export function barButtonsOf(e: EntityDef): PlacedButton[] {
  const out: PlacedButton[] = [];
  const add = (list: ButtonDef[] | undefined, ...path: (string | number)[]) =>
    list?.forEach((b, i) => out.push([[...path, i], b]));
  add(e.list?.actions, 'list', 'actions');
  add(e.list?.operations, 'list', 'operations');
  add(e.drawer?.buttons, 'drawer', 'buttons');
  if (e.addDialog?.extraButton) out.push([['addDialog', 'extraButton'], e.addDialog.extraButton]);
  return out;
}

/** Every button of a list: those of barButtonsOf and the links of its button-list columns. */
export function buttonsOf(e: EntityDef): PlacedButton[] {
  const inColumns = (e.list?.columns ?? []).flatMap((c, i): PlacedButton[] =>
    c.type === 'buttonList' && Array.isArray(c.data)
      ? (c.data as ButtonDef[]).map((b, j) => [['list', 'columns', i, 'data', j], b])
      : [],
  );
  return [...barButtonsOf(e), ...inColumns];
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
