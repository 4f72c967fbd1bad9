// The roles every team starts with, least privilege first: 普通成员 (what every admitted member holds) reads and
// writes his own work and reads the shared reference pages; the organisation (departments and their leaders,
// posts), pay and employee files belong to 人事行政, money to 财务, everything to 管理员. A department's leader
// sees his department's records through his leadership (acl/acl.ts), not through a role.
import { ACTIONS, ADMIN_ONLY_MODULES, MODULES, permissionCodesOf, TEAM_PERMISSIONS } from './catalogue';

/** Which records a role's members see: all, their department with those under it, their department, their own. */
export type DataScope = 'all' | 'deptTree' | 'dept' | 'self';

export const DATA_SCOPES: { value: DataScope; label: string }[] = [
  { value: 'all', label: '全部' },
  { value: 'deptTree', label: '本部门及下级' },
  { value: 'dept', label: '本部门' },
  { value: 'self', label: '仅本人' },
];

/** Widest first: the user's widest role wins. */
const WIDTH: DataScope[] = ['all', 'deptTree', 'dept', 'self'];

/** The widest of the user's roles' scopes (no role: only his own). */
export function widestScope(scopes: string[]): DataScope {
  const known = scopes.filter((s): s is DataScope => (WIDTH as string[]).includes(s));
  if (!known.length) return 'self';
  return WIDTH[Math.min(...known.map((s) => WIDTH.indexOf(s)))];
}

export interface RoleDefinition {
  key: string;
  name: string;
  menus: string[];
  permissions: string[];
  dataScope: DataScope;
}

const BY_KEY = new Map(MODULES.map((m) => [m.key, m]));
/** How the member role holds a module (catalogue `memberAccess`): not at all, reading only, or its everyday work. */
const memberAccess = (key: string) => BY_KEY.get(key)?.memberAccess ?? 'work';
const inGroups = (modules: string[], groups: string[]) =>
  modules.filter((k) => groups.includes(BY_KEY.get(k)?.group ?? ''));

/** Every code of the modules in a package, for the admin role. */
export function allPermissionsOf(modules: string[]): string[] {
  return [...modules.flatMap(permissionCodesOf), ...TEAM_PERMISSIONS];
}

/** The member role's modules: the package but the administrators' pages and those members never open. */
export function memberMenusOf(modules: string[]): string[] {
  return modules.filter((k) => !ADMIN_ONLY_MODULES.includes(k) && memberAccess(k) !== 'none');
}

/**
 * The member role's codes: on his work modules the everyday actions only (view, add, edit, submit, print): no
 * delete or export, and none of a module's own actions (pay, collect, confirm, generate, verify…), which belong to
 * the roles whose work they are; on the shared reference pages (dictionaries, materials, the company) view only.
 */
export function memberPermissionsOf(modules: string[]): string[] {
  const everyday = new Set<string>(ACTIONS.filter((a) => a !== 'delete' && a !== 'export'));
  return memberMenusOf(modules).flatMap((k) =>
    memberAccess(k) === 'read'
      ? [`${k}:view`]
      : permissionCodesOf(k).filter((c) => everyday.has(c.slice(c.indexOf(':') + 1))),
  );
}

/** The roles a new team gets for its package (the owner holds 管理员; every admitted member 普通成员). */
export function defaultRoles(modules: string[]): RoleDefinition[] {
  const hr = inGroups(modules, ['personnel', 'office']);
  const finance = inGroups(modules, ['finance']);
  // 财务 pays the payroll 人事 makes: it reads the sheets and pays them, nothing else of personnel.
  const payroll = modules.includes('payrollSetting') ? ['payrollSetting'] : [];
  return [
    { key: 'admin', name: '管理员', menus: modules, permissions: allPermissionsOf(modules), dataScope: 'all' },
    {
      key: 'member',
      name: '普通成员',
      menus: memberMenusOf(modules),
      permissions: memberPermissionsOf(modules),
      dataScope: 'self',
    },
    { key: 'hr', name: '人事行政', menus: hr, permissions: hr.flatMap(permissionCodesOf), dataScope: 'all' },
    {
      key: 'finance',
      name: '财务',
      menus: [...finance, ...payroll],
      permissions: [
        ...finance.flatMap(permissionCodesOf),
        ...payroll.flatMap((k) => [`${k}:view`, `${k}:pay`, `${k}:print`]),
      ],
      dataScope: 'all',
    },
  ];
}
