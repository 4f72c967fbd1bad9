import { describe, expect, it } from 'vitest';
import { DEFAULT_TITLE, documentTitle } from './document-title';
import type { MenuNode } from '../../common/menu';

const menu: MenuNode[] = [
  {
    id: 'g1',
    name: '财务管理',
    menuName: '财务管理',
    children: [
      { id: 'm1', name: '报销管理', menuName: '报销管理', menuPath: '/reimburseManage' },
      { id: 'm2', name: '借支管理', menuName: '借支', menuPath: '/advanceManage' },
    ],
  },
];

describe('documentTitle', () => {
  it("names a module route after the team's menu entry", () => {
    expect(documentTitle('/reimburseManage', menu)).toBe('报销管理 - 易管');
    // The menu's shown name wins over the catalogue name.
    expect(documentTitle('/advanceManage', menu)).toBe('借支 - 易管');
  });

  it("names the shell's own screens and falls back to the product name", () => {
    expect(documentTitle('/login')).toBe('登录 - 易管');
    expect(documentTitle('/', menu)).toBe('个人门户 - 易管');
    expect(documentTitle('/404')).toBe('页面不存在 - 易管');
    expect(documentTitle('/somethingElse', menu)).toBe(DEFAULT_TITLE);
  });
});
