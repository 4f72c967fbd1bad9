// @vitest-environment jsdom
// Login screen: remember-me keeps the username (never the password) and asks for a longer session;
// the loading mask follows the request counter.
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loading } from '../../src/web/api/loading';
import { resetClientHooks } from '../../src/web/api/client';
import { clearCsrfCookie, getCsrfToken } from '../../src/web/api/session';
import { LoadingMask } from '../../src/web/app/LoadingMask';
import { envelope, signedIn, stubFetch } from './fetch-stub';
import { renderApp } from './render-app';

const USER = { id: 1, username: 'demo', nickName: '演示用户', tenantName: '演示企业', permissions: [] };

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  clearCsrfCookie();
  loading.reset();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetClientHooks();
});

async function submit(username: string, password: string, remember: boolean) {
  fireEvent.change(screen.getByPlaceholderText('用户名 / 手机号'), { target: { value: username } });
  fireEvent.change(screen.getByPlaceholderText('密码'), { target: { value: password } });
  const box = screen.getByRole('checkbox', { name: '记住我' }) as HTMLInputElement;
  if (box.checked !== remember) fireEvent.click(box);
  fireEvent.click(document.querySelector('form#login button[type=submit]')!);
}

describe('LoginPage', () => {
  it('remember-me stores only the username, sends remember: true and prefills next time', async () => {
    const expiresAt = new Date(Date.now() + 7 * 86400_000).toISOString();
    const { calls } = stubFetch((req) => {
      if (new URL(req.url).pathname !== '/api/admin/login/user') return envelope(200, USER);
      signedIn('csrf-1'); // what the answer's Set-Cookie leaves readable (the token cookie is HttpOnly)
      return envelope(200, { token: 'tok-1', user: USER, expiresAt });
    });
    renderApp('/login');
    await submit('demo', 'demo12345', true);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    expect(await calls[0].json()).toEqual({
      loginType: 'password',
      username: 'demo',
      password: 'demo12345',
      remember: true,
    });
    expect(getCsrfToken()).toBe('csrf-1');
    expect(JSON.parse(localStorage.getItem('rememberLogin')!)).toEqual({ username: 'demo' });
    const everything = JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }) + document.cookie;
    expect(everything).not.toContain('demo12345');
    // The token of the answer is the server's cookie's business: the page keeps it nowhere.
    expect(everything).not.toContain('tok-1');
    cleanup();

    clearCsrfCookie();
    renderApp('/login');
    expect((screen.getByPlaceholderText('用户名 / 手机号') as HTMLInputElement).value).toBe('demo');
    expect((screen.getByRole('checkbox', { name: '记住我' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByPlaceholderText('密码') as HTMLInputElement).value).toBe('');
  });

  it('without remember-me the username is forgotten', async () => {
    localStorage.setItem('rememberLogin', JSON.stringify({ username: 'old' }));
    const { calls } = stubFetch(() => {
      signedIn('csrf-2');
      return envelope(200, { token: 'tok-2', user: USER, expiresAt: new Date().toISOString() });
    });
    renderApp('/login');
    await submit('demo', 'demo12345', false);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    expect(document.cookie).not.toContain('tok-2');
    expect((await calls[0].json()).remember).toBe(false);
    expect(localStorage.getItem('rememberLogin')).toBeNull();
  });

  it('a refused login stays on /login, shows the server message and clears the password', async () => {
    stubFetch(() => envelope(423, null, '账号已锁定，请10分钟后再试'));
    renderApp('/login');
    await submit('demo', 'demo12345', false);
    expect(await screen.findByText('账号已锁定，请10分钟后再试')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/login');
    await waitFor(() => expect((screen.getByPlaceholderText('密码') as HTMLInputElement).value).toBe(''));
    expect(getCsrfToken()).toBeNull();
  });
});

describe('LoadingMask', () => {
  it('shows while the counter is above zero and hides when it is back to zero', async () => {
    render(<LoadingMask delay={0} />);
    expect(screen.queryByTestId('loading-mask')).toBeNull();
    act(() => {
      loading.begin();
      loading.begin();
    });
    expect(await screen.findByTestId('loading-mask')).toBeTruthy();
    act(() => loading.end());
    expect(screen.queryByTestId('loading-mask')).toBeTruthy();
    act(() => loading.end());
    await waitFor(() => expect(screen.queryByTestId('loading-mask')).toBeNull());
  });

  it('a request that fails does not leave the mask up', async () => {
    stubFetch(() => {
      throw new TypeError('offline');
    });
    render(<LoadingMask delay={0} />);
    const { request } = await import('../../src/web/api/client');
    await act(async () => {
      await request('GET', 'x').catch(() => {});
    });
    expect(loading.count()).toBe(0);
    expect(screen.queryByTestId('loading-mask')).toBeNull();
  });
});
