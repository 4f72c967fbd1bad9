// A button's permission code, when the page does not write one, is the one the server checks for that action:
// `<page module>:<action>` (新增 → add, 导出 → export, 打印 → print…), an import is an add, a custom button's code is
// named after its key, a row's stage button carries its stage action's code, and a stage action needs `<page
// module>:edit` unless it says otherwise. 查看, 撤回 and documents need none (the gate decides who may see a record
// and withdraw it; a document says its code itself). So a page writes only the exceptions, and the button the
// browser shows and the check the server makes come from the same rule. Applied once, where a page schema is
// validated (loader.ts), so the server, the browser and the checker all read the filled-in page.
import { barButtonsOf } from './button-defaults';
import { recordListsOf } from './record-lists';
import type { AnyPageSchema, ButtonDef, EntityDef, StageAction } from './types';

const CODE_OF_ACTION: Partial<Record<NonNullable<ButtonDef['action']>, string>> = {
  add: 'add',
  edit: 'edit',
  delete: 'delete',
  submit: 'submit',
  export: 'export',
  print: 'print',
  generate: 'generate',
  import: 'add',
};

/** The code a stage action needs when it names none. */
export const defaultStageActionCode = (pageModule: string) => `${pageModule}:edit`;

/** The code a button needs when it names none, or undefined for a button anyone who sees the row may press. */
export function defaultButtonCode(
  b: ButtonDef,
  pageModule: string,
  stageActions: readonly StageAction[],
): string | undefined {
  if (b.action === 'stage') {
    const a = stageActions.find((x) => x.key === b.key);
    return a ? (a.permissionCode ?? defaultStageActionCode(pageModule)) : undefined;
  }
  // A custom button left without a key has no code to name; the checker names the missing key.
  if (b.action === 'custom') return b.key === undefined ? undefined : `${pageModule}:${b.key}`;
  const action = b.action && CODE_OF_ACTION[b.action];
  return action ? `${pageModule}:${action}` : undefined;
}

function fillButtons(buttons: ButtonDef[] | undefined, pageModule: string, stageActions: readonly StageAction[]) {
  for (const b of buttons ?? []) {
    if (b.permissionCode === undefined && !b.children) {
      const code = defaultButtonCode(b, pageModule, stageActions);
      if (code) b.permissionCode = code;
    }
    fillButtons(b.children, pageModule, stageActions);
  }
}

function fillEntity(e: EntityDef, pageModule: string) {
  const stageActions = e.stages?.actions ?? [];
  for (const a of stageActions) a.permissionCode ??= defaultStageActionCode(pageModule);
  fillButtons(
    barButtonsOf(e).map(([, b]) => b),
    pageModule,
    stageActions,
  );
}

/** Fills in, in place, every permission code a record page leaves to the default; returns the page. */
export function withPermissionDefaults<T extends AnyPageSchema>(schema: T): T {
  const lists = recordListsOf(schema);
  const pageModule = lists[0]?.module;
  // A page's nested lists act under the page's codes.
  if (pageModule) for (const e of lists) fillEntity(e, pageModule);
  return schema;
}
