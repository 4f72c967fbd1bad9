// @vitest-environment jsdom
// Route guard: public screens without a token, everything else redirects to /login; isRegister.
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetClientHooks } from '../../src/web/api/client';
import { clearCsrfCookie } from '../../src/web/api/session';
import { isPublicPath, redirectTarget } from '../../src/web/app/guard';
import { envelope, stubFetch, signedIn } from './fetch-stub';
import { renderApp } from './render-app';

const USER = {
  id: 1,
  username: 'demo',
  nickName: '演示用户',
  avatar: '',
  mobile: '13800000000',
  tenantCode: 'T00000001',
  tenantName: '演示企业',
  tenantLogo: '',
  permissions: ['default'],
};

const TODO = {
  taskId: 7,
  processInstanceId: 3,
  module: 'reimburseManage',
  moduleName: '报销管理',
  formId: 9,
  code: 'BX202611210009',
  status: '审批中',
  money: 123.4,
  submitTime: '2026-11-21T08:00:00Z',
  originatorName: '张三',
  stepName: '财务审批',
  data: {},
};

const location = () => screen.getByTestId('location').textContent;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  clearCsrfCookie();
  stubFetch((req) => {
    const p = new URL(req.url).pathname;
    if (p === '/api/admin/sysuser/getSysUser') return envelope(200, USER);
    if (p === '/api/oa/process/toDoList') return envelope(200, { list: [TODO], total: 1 });
    if (p === '/api/oa/process/applyList') return envelope(200, { list: [], total: 0 });
    return envelope(404, null, '接口不存在');
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetClientHooks();
});

describe('without the token cookie', () => {
  it.each(['/', '/basicInfo', '/empty', '/404', '/401', '/qrConfirm?ticket=abc', '/no/such/page'])(
    '%s redirects to /login',
    async (path) => {
      renderApp(path);
      await waitFor(() => expect(location()).toBe('/login'));
      expect(screen.getByPlaceholderText('用户名 / 手机号')).toBeTruthy();
    },
  );

  it.each(['/login', '/codeLogin', '/wechatLogin', '/register', '/forgotPassword'])('%s is public', async (path) => {
    renderApp(path);
    await act(async () => {});
    expect(location()).toBe(path);
  });
});

describe('with the token cookie', () => {
  it('/ shows the portal with the nickname and team from getSysUser', async () => {
    signedIn('tok');
    renderApp('/');
    expect(await screen.findByText(/演示用户/, { selector: '[data-testid=greeting]' })).toBeTruthy();
    expect((await screen.findByTestId('team-name')).textContent).toBe('演示企业');
    // The portal's work lists come from the workflow calls, with their counts.
    expect(await screen.findByText('BX202611210009')).toBeTruthy();
    expect(screen.getByText('报销管理')).toBeTruthy();
    expect(screen.getByText('123.40')).toBeTruthy();
    expect(screen.getByText('我的申请')).toBeTruthy();
    expect(screen.getByText('我的待办').parentElement!.textContent).toContain('1');
    expect(screen.getByText('© 2026 易管 让管理更简单')).toBeTruthy();
    expect(screen.getByRole('link', { name: /ICP/ }).getAttribute('href')).toBe('https://beian.miit.gov.cn/');
    expect(JSON.parse(localStorage.getItem('userInfo')!).nickName).toBe('演示用户');
    expect(JSON.parse(localStorage.getItem('permissions')!)).toEqual(['default']);
  });

  it('an unknown path lands on /empty', async () => {
    signedIn('tok');
    renderApp('/no/such/page');
    await waitFor(() => expect(location()).toBe('/empty'));
  });

  it('an expired session answer drops the token and goes to /login, remembering the page', async () => {
    signedIn('stale');
    stubFetch(() => envelope(11012, null, '登录失效，请重新登录'));
    renderApp('/basicInfo');
    await waitFor(() => expect(location()).toBe('/login'));
    expect(document.cookie).not.toContain('XSRF-TOKEN=');
    expect(JSON.parse(screen.getByTestId('location-state').textContent!)).toEqual({ from: '/basicInfo' });
    expect(await screen.findByText('登录失效，请重新登录')).toBeTruthy();
  });

  it('a guard redirect remembers the protected page with its query', async () => {
    renderApp('/qrConfirm?ticket=abc');
    await waitFor(() => expect(location()).toBe('/login'));
    expect(JSON.parse(screen.getByTestId('location-state').textContent!)).toEqual({ from: '/qrConfirm?ticket=abc' });
  });

  it('the sidebar toggles between 收起 (200px) and 展开 (54px)', async () => {
    signedIn('tok');
    renderApp('/');
    const sider = document.querySelector('.yg-sider') as HTMLElement;
    expect(sider.style.width).toBe('200px');
    fireEvent.click(screen.getByRole('button', { name: '收起' }));
    await waitFor(() => expect(sider.style.width).toBe('54px'));
    fireEvent.click(screen.getByRole('button', { name: '展开' }));
    await waitFor(() => expect(sider.style.width).toBe('200px'));
  });
});

describe('isRegister', () => {
  it('is set when arriving at / from /register', async () => {
    signedIn('tok');
    renderApp('/register');
    await act(async () => {});
    expect(sessionStorage.getItem('isRegister')).toBeNull();
    fireEvent.click(screen.getByTestId('go-home'));
    await waitFor(() => expect(location()).toBe('/'));
    expect(sessionStorage.getItem('isRegister')).toBe('true');
  });

  it('is not set when arriving at / from elsewhere', async () => {
    signedIn('tok');
    renderApp('/login');
    await act(async () => {});
    fireEvent.click(screen.getByTestId('go-home'));
    await waitFor(() => expect(location()).toBe('/'));
    expect(sessionStorage.getItem('isRegister')).toBeNull();
  });
});

describe('redirectTarget', () => {
  it('returns to the protected page that sent the user to /login, never to a public or foreign one', () => {
    expect(redirectTarget({ from: '/qrConfirm?ticket=abc' })).toBe('/qrConfirm?ticket=abc');
    expect(redirectTarget({ from: '/register' })).toBe('/');
    expect(redirectTarget({ from: '//evil.example' })).toBe('/');
    expect(redirectTarget({ from: 'https://evil.example/' })).toBe('/');
    expect(redirectTarget(null)).toBe('/');
    expect(isPublicPath('/codeLogin')).toBe(true);
    expect(isPublicPath('/qrConfirm')).toBe(false);
  });
});
