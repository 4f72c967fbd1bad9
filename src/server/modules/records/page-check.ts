// What the page-schema checker (src/common/schema/check.ts) compares the pages with on the server's side: the module
// catalogue with its actions, the team-level permission codes, and the dictionaries every team starts with (their
// seeded items are rename-only, so an effect writing one by name finds it). Shared by the registry's start-up check
// and `npm run check:schemas`.
import type { CheckContext } from '../../../common/schema/check';
import { ACTIONS, MODULES, TEAM_PERMISSIONS } from '../menu/catalogue';
import dictionaryDefaults from '../dict/defaults.json';

interface Item {
  name: string;
  children?: Item[];
}
const names = (items: Item[]): string[] => items.flatMap((i) => [i.name, ...names(i.children ?? [])]);

export function pageCheckContext(): CheckContext {
  return {
    modules: MODULES,
    standardActions: ACTIONS,
    teamPermissions: TEAM_PERMISSIONS,
    dictionaries: Object.fromEntries(
      Object.entries(dictionaryDefaults as Record<string, Item[]>).map(([k, v]) => [k, names(v)]),
    ),
  };
}
