// @vitest-environment jsdom
// The header's 通知 bell: the unread count from the server, the list (unread marked), the empty state,
// 全部已读; no call without a team.
import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetClientHooks } from '../../src/web/api/client';
import { clearCsrfCookie } from '../../src/web/api/session';
import type { MenuNode } from '../../src/web/api/team';
import { envelope, stubFetch, signedIn } from './fetch-stub';
import { renderApp } from './render-app';

configure({ asyncUtilTimeout: 5000 });

const USER = {
  id: 7,
  username: 'liuyang',
  nickName: '刘洋',
  avatar: '',
  mobile: '13800000014',
  tenantCode: 'T00000001',
  tenantName: '演示企业',
  tenantLogo: '',
  permissions: [],
};
const TREE: MenuNode[] = [{ id: 'home', name: 'home', menuPath: '/', menuName: '首页', menuIcon: 'HomeOutlined' }];
const TEAMS = [
  {
    tenantCode: 'T00000001',
    tenantName: '演示企业',
    logoUrl: null,
    tenantType: 'enterprise',
    current: true,
    isOwner: false,
    isAdmin: false,
  },
];
const NOTICES = [
  {
    id: 2,
    title: '订单催办：DD202611230001',
    body: '金缘珠宝 矮柜 A1 当前待分配。请尽快分配车间',
    module: 'propProgress',
    page: 'propProgress',
    recordId: 11,
    code: 'DD202611230001',
    read: false,
    createdAt: '2026-11-23T09:05:00.000Z',
    actorName: '演示用户',
  },
  {
    id: 1,
    title: '审批通过：道具项目 DX202611120001',
    body: '您提交的道具项目已审批通过',
    module: 'propProgress',
    page: null,
    recordId: 5,
    code: null,
    read: true,
    createdAt: '2026-11-12T02:00:00.000Z',
    actorName: '李四',
  },
];

let calls: Request[];
function serve(notices: typeof NOTICES, unread: number, user: typeof USER | { tenantCode: null } = USER) {
  calls = stubFetch(async (req) => {
    const p = new URL(req.url).pathname.replace(/^\/api\//, '');
    switch (p) {
      case 'admin/sysuser/getSysUser':
        return envelope(200, { ...USER, ...user });
      case 'admin/sysmenu/getMenuTreeByUserId':
        return envelope(200, { menuTree: TREE, permissions: [] });
      case 'admin/systenant/getSysTenantByUserId':
        return envelope(200, TEAMS);
      case 'notifications/unread':
        return envelope(200, { count: unread });
      case 'notifications/page':
        return envelope(200, { list: notices, total: notices.length, unread });
      case 'notifications/readAll':
        unread = 0;
        return envelope(200, { marked: 1, unread: 0 });
      default:
        return envelope(200, { list: [], total: 0 });
    }
  }).calls;
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  clearCsrfCookie();
  signedIn('tok');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetClientHooks();
});

const badge = () => document.querySelector('[data-testid=notification-bell] .ant-badge-count');

describe('notification bell', () => {
  it('shows the unread count, lists the notifications with the unread one marked, and marks all read', async () => {
    serve(NOTICES, 1);
    renderApp('/');
    await waitFor(() => expect(badge()?.getAttribute('title')).toBe('1'));
    fireEvent.click(screen.getByTestId('notification-bell'));
    expect(await screen.findByText('订单催办：DD202611230001')).toBeTruthy();
    expect(screen.getByText('通知（1 条未读）')).toBeTruthy();
    const items = screen.getAllByTestId('notification-item');
    expect(items.map((i) => i.className.includes('yg-notice-unread'))).toEqual([true, false]);
    expect(items[0].textContent).toContain('演示用户');
    const all = screen.getByTestId('notification-read-all');
    fireEvent.click(all);
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/api/notifications/readAll'))).toBe(true));
    await waitFor(() => expect(badge()).toBeNull());
    expect(screen.getAllByTestId('notification-item').some((i) => i.className.includes('yg-notice-unread'))).toBe(
      false,
    );
    // The polls and the list raise no full-screen loading mask and no toast.
    expect(document.querySelector('.ant-message-notice')).toBeNull();
  });

  it('a notification whose record the user may not open reads 不可查看; pressing it marks it read and opens nothing', async () => {
    const hidden = {
      ...NOTICES[0],
      id: 3,
      title: '待审批：文件管理 WJ202611230001',
      module: 'fileManagement',
      page: null,
      recordId: null,
      code: null,
      viewable: false,
    };
    serve([hidden, { ...NOTICES[0], viewable: true }] as unknown as typeof NOTICES, 2);
    renderApp('/');
    fireEvent.click(await screen.findByTestId('notification-bell'));
    const items = await screen.findAllByTestId('notification-item');
    expect(items[0].textContent).toContain('不可查看');
    expect(items[1].textContent).not.toContain('不可查看');
    fireEvent.click(items[0]);
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/api/notifications/read'))).toBe(true));
    expect(window.location.pathname).toBe('/');
  });

  it('shows 暂无通知 when there is none, and 全部已读 is not offered', async () => {
    serve([], 0);
    renderApp('/');
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/api/notifications/unread'))).toBe(true));
    expect(badge()).toBeNull();
    fireEvent.click(screen.getByTestId('notification-bell'));
    expect(await screen.findByText('暂无通知')).toBeTruthy();
    expect((screen.getByTestId('notification-read-all') as HTMLButtonElement).disabled).toBe(true);
  });
});
