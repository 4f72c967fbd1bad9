// @vitest-environment jsdom
// Change-password dialog: blur validation with the exact messages; success ends the session.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureClient, resetClientHooks } from '../../src/web/api/client';
import { clearCsrfCookie, getRememberedUsername, getCsrfToken, setRememberedUsername } from '../../src/web/api/session';
import { ChangePasswordDialog } from '../../src/web/app/layout/ChangePasswordDialog';
import { envelope, stubFetch, signedIn } from './fetch-stub';

const onChanged = vi.fn();
const onClose = vi.fn();

function mount() {
  render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <AntApp>
        <ChangePasswordDialog open username="demo" onClose={onClose} onChanged={onChanged} />
      </AntApp>
    </ConfigProvider>,
  );
  return {
    old: screen.getByPlaceholderText('请输入原密码'),
    next: screen.getByPlaceholderText('请输入至少8位数字和字母组合'),
    again: screen.getByPlaceholderText('请再次输入新密码'),
  };
}

function type(el: HTMLElement, value: string) {
  fireEvent.change(el, { target: { value } });
  fireEvent.focusOut(el);
}

const errors = () => Array.from(document.querySelectorAll('.ant-form-item-explain-error')).map((e) => e.textContent);

beforeEach(() => {
  onChanged.mockReset();
  onClose.mockReset();
  localStorage.clear();
  sessionStorage.clear();
  clearCsrfCookie();
  configureClient({ notifyError: vi.fn(), toLogin: vi.fn() });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetClientHooks();
});

describe('ChangePasswordDialog', () => {
  it('validates each field on blur with the §5 messages', async () => {
    const { old, next, again } = mount();
    fireEvent.focusIn(old);
    fireEvent.focusOut(old);
    await waitFor(() => expect(errors()).toEqual(['请输入密码']));
    type(old, 'abc');
    await waitFor(() => expect(errors()).toEqual(['密码长度至少8位']));
    type(old, 'demo12345');
    await waitFor(() => expect(errors()).toEqual([]));

    fireEvent.focusOut(next);
    await waitFor(() => expect(errors()).toEqual(['请输入密码']));
    type(next, 'short');
    await waitFor(() => expect(errors()).toEqual(['密码长度至少8位']));
    type(next, 'demo12345');
    await waitFor(() => expect(errors()).toEqual(['不能与原密码一致']));
    type(next, 'newPass123');
    await waitFor(() => expect(errors()).toEqual([]));

    fireEvent.focusOut(again);
    await waitFor(() => expect(errors()).toEqual(['请确认密码']));
    type(again, 'newPass124');
    await waitFor(() => expect(errors()).toEqual(['两次输入的密码不一致']));
    type(again, 'newPass123');
    await waitFor(() => expect(errors()).toEqual([]));
  });

  it('does not validate while typing, only on blur', async () => {
    const { old } = mount();
    fireEvent.change(old, { target: { value: 'abc' } });
    await new Promise((r) => setTimeout(r, 50));
    expect(errors()).toEqual([]);
  });

  it('submitting an empty form shows every required message and calls nothing', async () => {
    const { fn } = stubFetch(() => envelope(200));
    mount();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(errors()).toEqual(['请输入密码', '请输入密码', '请确认密码']));
    expect(fn).not.toHaveBeenCalled();
  });

  it('on success: posts the §7 body, shows 修改成功，请重新登陆 and clears storage and the cookie', async () => {
    signedIn('tok');
    localStorage.setItem('userInfo', '{"username":"demo"}');
    sessionStorage.setItem('isRegister', 'true');
    setRememberedUsername('demo');
    const { calls } = stubFetch(() => envelope(200, null, '修改成功，请重新登陆'));
    const { old, next, again } = mount();
    type(old, 'demo12345');
    type(next, 'newPass123');
    type(again, 'newPass123');
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    expect(new URL(calls[0].url).pathname).toBe('/api/admin/sysuserdetail/updatePassword');
    expect(await calls[0].json()).toEqual({
      username: 'demo',
      password: 'demo12345',
      newPassword: 'newPass123',
      rePassword: 'newPass123',
    });
    expect(await screen.findByText('修改成功，请重新登陆')).toBeTruthy();
    expect(getCsrfToken()).toBeNull();
    expect(localStorage.getItem('userInfo')).toBeNull();
    expect(sessionStorage.length).toBe(0);
    expect(getRememberedUsername()).toBe('demo');
  });

  it('a refused change keeps the session and the dialog', async () => {
    signedIn('tok');
    stubFetch(() => envelope(400, null, '原密码错误'));
    const { old, next, again } = mount();
    type(old, 'wrongPass1');
    type(next, 'newPass123');
    type(again, 'newPass123');
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(screen.getByRole('button', { name: /确\s*定/ }).className).not.toContain('loading'));
    await new Promise((r) => setTimeout(r, 20));
    expect(onChanged).not.toHaveBeenCalled();
    expect(getCsrfToken()).toBe('tok');
  });
});
