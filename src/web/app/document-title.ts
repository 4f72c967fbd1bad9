// The browser tab's title, `<page name> - 易管`, so a user with several tabs open can tell them apart. Module
// routes take their name from the team's menu (the name the sidebar shows); the shell's own screens are named here.
import { useEffect } from 'react';
import type { MenuNode } from '../../common/menu';

export const APP_NAME = '易管';
export const DEFAULT_TITLE = '易管 - 让管理更简单';

const SCREENS: Record<string, string> = {
  '/login': '登录',
  '/codeLogin': '验证码登录',
  '/wechatLogin': '微信扫码登录',
  '/register': '注册',
  '/forgotPassword': '忘记密码',
  '/qrConfirm': '确认登录',
  '/': '个人门户',
  '/basicInfo': '基本信息',
  '/selectionMethod': '创建或加入团队',
  '/createTeam': '创建团队',
  '/joinTeam': '加入企业团队',
  '/joinIndividualTeam': '加入个人团队',
  '/inCheck': '等待审核',
  '/share': '邀请成员',
  '/individualTeam': '创建个人团队',
  '/addInfo': '创建个人团队',
  '/identify': '创建个人团队',
  '/manualInput': '创建个人团队',
  '/individualSubmit': '创建个人团队',
  '/enterpriseTeam': '创建企业团队',
  '/enterpriseInfo': '创建企业团队',
  '/corporateInfo': '创建企业团队',
  '/checkModel': '创建企业团队',
  '/submit': '创建企业团队',
  '/teamRequests': '加入申请',
  '/auditLog': '操作日志',
  '/empty': '页面不存在',
  '/404': '页面不存在',
  '/401': '无权访问',
};

function menuNameOf(nodes: MenuNode[], pathname: string): string | undefined {
  for (const n of nodes) {
    if (n.menuPath === pathname) return n.menuName || n.name;
    const inner = n.children && menuNameOf(n.children, pathname);
    if (inner) return inner;
  }
  return undefined;
}

/** The title of a route: the menu's name for a module, the screen's name for the shell's pages, else the product's. */
export function documentTitle(pathname: string, menuTree: MenuNode[] = []): string {
  const name = menuNameOf(menuTree, pathname) ?? SCREENS[pathname];
  return name ? `${name} - ${APP_NAME}` : DEFAULT_TITLE;
}

/** Keeps document.title on the current route's title. */
export function useDocumentTitle(pathname: string, menuTree?: MenuNode[]) {
  useEffect(() => {
    document.title = documentTitle(pathname, menuTree);
  }, [pathname, menuTree]);
}
