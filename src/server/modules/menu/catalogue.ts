// The catalogue of every module route (spec §2, names from the domain guide), and the menu tree built from it.
import catalogue from '../../../../catalogue/modules.json';
import type { MenuNode } from '../../../common/menu';

export interface ModuleEntry {
  key: string;
  path: string;
  name: string;
  abbr: string;
  group: string;
  /** Actions beyond the standard ones that this module names (domain guide: e.g. <module>:pay). */
  actions?: string[];
}

export type { MenuNode };

export const GROUPS: { group: string; groupTitle: string; icon: string }[] = catalogue.groups;
export const MODULES: ModuleEntry[] = catalogue.modules;
export const MODULE_KEYS = new Set(MODULES.map((m) => m.key));

/** Standard actions every module has; a module's permission codes are `key:action`. */
export const ACTIONS = ['view', 'add', 'edit', 'delete', 'submit', 'export', 'print'] as const;
const BY_KEY = new Map(MODULES.map((m) => [m.key, m]));

export function permissionCodesOf(moduleKey: string): string[] {
  return [...ACTIONS, ...(BY_KEY.get(moduleKey)?.actions ?? [])].map((a) => `${moduleKey}:${a}`);
}

/** Team-level codes that are not tied to a business module. */
export const TEAM_PERMISSIONS = ['team:approveJoin', 'team:invite', 'team:roles'];

/** System settings: in every package, but only for the team's administrators (not the member role). */
export const ADMIN_ONLY_MODULES = MODULES.filter((m) => m.group === 'system').map((m) => m.key);

/** The module packages a new team gets (the backstage issue lets operators edit them per team). */
export const DEFAULT_PACKAGES: Record<'enterprise' | 'individual', string[]> = {
  enterprise: MODULES.filter((m) => m.group !== 'backstage').map((m) => m.key),
  individual: [...catalogue.individualPackage, ...ADMIN_ONLY_MODULES],
};

/** Groups the granted modules under their group nodes, in catalogue order, with the portal first. */
export function buildMenuTree(granted: Set<string>): MenuNode[] {
  const tree: MenuNode[] = [{ id: 'home', name: 'home', menuPath: '/', menuName: '首页', menuIcon: 'HomeOutlined' }];
  for (const g of GROUPS) {
    const children = MODULES.filter((m) => m.group === g.group && granted.has(m.key)).map<MenuNode>((m) => ({
      id: m.key, name: m.key, menuPath: m.path, menuName: m.name, group: g.group, groupTitle: g.groupTitle,
    }));
    if (children.length) tree.push({ id: `group-${g.group}`, name: g.group, menuName: g.groupTitle, menuIcon: g.icon, group: g.group, groupTitle: g.groupTitle, children });
  }
  return tree;
}
