// The catalogue of every module route, and the menu tree built from it.
import catalogue from '../../../../catalogue/modules.json';
import type { MenuNode } from '../../../common/menu';

/** A module as the platform sees it: the file's values with the platform's edits. */
export interface ModuleView {
  key: string;
  path: string;
  name: string;
  abbr: string;
  group: string;
  parent: string | null;
  icon: string | null;
  mobileName: string | null;
  sequence: number;
  enabled: boolean;
  /** A platform-level page (catalogue `platform: true`): offered to platform administrators only. */
  platform: boolean;
  edited: boolean;
}

export interface ModuleEntry {
  key: string;
  path: string;
  name: string;
  abbr: string;
  group: string;
  /** Actions beyond the standard ones that this module names (e.g. <module>:pay). */
  actions?: string[];
  /** A platform-level page (模块设置, 模式管理, 行业模块): platform administrators only. */
  platform?: boolean;
  /** How the default member role holds it: `none` (pay, employee files), `read` (shared reference pages); default his everyday work. */
  memberAccess?: 'none' | 'read';
}

export type { MenuNode };

export const GROUPS: { group: string; groupTitle: string; icon: string }[] = catalogue.groups;
export const MODULES: ModuleEntry[] = catalogue.modules as ModuleEntry[];
export const MODULE_KEYS = new Set(MODULES.map((m) => m.key));

/** Standard actions every module has; a module's permission codes are `key:action`. */
export const ACTIONS = ['view', 'add', 'edit', 'delete', 'submit', 'export', 'print'] as const;
const BY_KEY = new Map(MODULES.map((m) => [m.key, m]));

export function permissionCodesOf(moduleKey: string): string[] {
  return [...ACTIONS, ...(BY_KEY.get(moduleKey)?.actions ?? [])].map((a) => `${moduleKey}:${a}`);
}

/** Team-level codes that are not tied to a business module. */
export const TEAM_PERMISSIONS = ['team:approveJoin', 'team:invite', 'team:roles'];

/**
 * System settings and the team-level backstage pages (用户管理, 字段配置): in every package, but only for the team's
 * administrators (not the member role). The platform pages are no team's: platform administrators are offered them.
 */
export const ADMIN_ONLY_MODULES = MODULES.filter(
  (m) => m.group === 'system' || (m.group === 'backstage' && !m.platform),
).map((m) => m.key);

/** The module packages a new team gets (the backstage issue lets operators edit them per team). */
export const DEFAULT_PACKAGES: Record<'enterprise' | 'individual', string[]> = {
  enterprise: MODULES.filter((m) => !m.platform).map((m) => m.key),
  individual: [...catalogue.individualPackage, ...ADMIN_ONLY_MODULES],
};

/** Groups the granted modules under their group nodes, in catalogue order, with the portal first. `views`: the
 * catalogue with the platform's edits (names, paths, groups, icons, sequence, parent module), default the file's. */
export function buildMenuTree(granted: Set<string>, views?: ModuleView[]): MenuNode[] {
  const tree: MenuNode[] = [{ id: 'home', name: 'home', menuPath: '/', menuName: '首页', menuIcon: 'HomeOutlined' }];
  const all =
    views ??
    MODULES.map((m, i) => ({
      key: m.key,
      path: m.path,
      name: m.name,
      group: m.group,
      parent: null,
      icon: null,
      sequence: (i + 1) * 10,
    }));
  const shown = all.filter((m) => granted.has(m.key)).sort((a, b) => a.sequence - b.sequence);
  const shownKeys = new Set(shown.map((m) => m.key));
  const nodeOf = (m: (typeof all)[number], g: (typeof GROUPS)[number]): MenuNode => {
    const kids = shown.filter((c) => c.parent === m.key && c.group === m.group).map((c) => nodeOf(c, g));
    return {
      id: m.key,
      name: m.key,
      menuPath: m.path,
      menuName: m.name,
      group: g.group,
      groupTitle: g.groupTitle,
      ...(m.icon ? { menuIcon: m.icon } : {}),
      ...(kids.length ? { children: kids } : {}),
    };
  };
  for (const g of GROUPS) {
    // A module under a parent module of its group is that node's child; otherwise it hangs under the group.
    const children = shown
      .filter(
        (m) =>
          m.group === g.group &&
          !(
            m.parent &&
            m.parent !== m.key &&
            shownKeys.has(m.parent) &&
            shown.find((p) => p.key === m.parent)?.group === g.group
          ),
      )
      .map((m) => nodeOf(m, g));
    if (children.length)
      tree.push({
        id: `group-${g.group}`,
        name: g.group,
        menuName: g.groupTitle,
        menuIcon: g.icon,
        group: g.group,
        groupTitle: g.groupTitle,
        children,
      });
  }
  return tree;
}
