// @vitest-environment jsdom
// QR login screens under React.StrictMode (as src/web/main.tsx renders them): /wechatLogin asks for one ticket
// per visit and shows, exposes and polls that same ticket; 刷新二维码 replaces it; /qrConfirm explains a refusal.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import React from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetClientHooks } from '../../src/web/api/client';
import { loading } from '../../src/web/api/loading';
import { clearCsrfCookie, getCsrfToken, storeUser } from '../../src/web/api/session';
import { AppShell } from '../../src/web/app/App';
import { qrPolling } from '../../src/web/app/auth/WechatLoginPage';
import { envelope, stubFetch, signedIn } from './fetch-stub';

const USER = { id: 1, username: 'demo', nickName: '演示用户', tenantName: '演示企业', permissions: [] };
const GENERATE = '/api/admin/wechat/generateAWeChatQRCode';
const STATUS = '/api/admin/wechat/qrStatus';
const CONFIRM = '/api/admin/wechat/confirmQrLogin';

function Where() {
  const loc = useLocation();
  return <output data-testid="location">{loc.pathname + loc.search}</output>;
}

function renderStrict(path: string) {
  return render(
    <React.StrictMode>
      <ConfigProvider theme={{ token: { motion: false } }}>
        <MemoryRouter initialEntries={[path]}>
          <AppShell />
          <Where />
        </MemoryRouter>
      </ConfigProvider>
    </React.StrictMode>,
  );
}

const imageOf = (ticket: string) => `data:image/png;base64,QR-${ticket}`;

/** A server that issues t1, t2, … and answers polls with statusOf(ticket). */
function qrServer(statusOf: (ticket: string) => object = () => ({ status: 'pending' })) {
  let n = 0;
  const generated: URLSearchParams[] = [];
  const polled: string[] = [];
  const stub = stubFetch((req) => {
    const u = new URL(req.url);
    if (u.pathname === GENERATE) {
      generated.push(u.searchParams);
      const ticket = `t${++n}`;
      return envelope(200, {
        ticket,
        qrCode: imageOf(ticket),
        expiresAt: new Date(Date.now() + 180_000).toISOString(),
        expiresIn: 180,
      });
    }
    if (u.pathname === STATUS) {
      const ticket = u.searchParams.get('ticket')!;
      polled.push(ticket);
      return envelope(200, statusOf(ticket));
    }
    return envelope(200, USER);
  });
  return { ...stub, generated, polled };
}

function shownImage(): HTMLImageElement | null {
  return document.querySelector('.yg-qr-box img');
}

beforeEach(() => {
  // The page polls every 2 s; the behaviour under test does not depend on the interval, so watch it at 150 ms.
  qrPolling.ms = 150;
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

describe('WechatLoginPage under StrictMode', () => {
  it('asks for one ticket per visit; the image, data-ticket and every poll are that ticket', async () => {
    const srv = qrServer();
    renderStrict('/wechatLogin');
    await waitFor(() => expect(shownImage()).not.toBeNull());
    // Two polls: long enough for a second effect run or a stray timer to have shown up.
    await waitFor(() => expect(srv.polled.length).toBeGreaterThanOrEqual(2), { timeout: qrPolling.ms * 3 });
    expect(srv.generated).toHaveLength(1);
    expect(srv.generated[0].has('replace')).toBe(false);
    const img = shownImage()!;
    expect(img.getAttribute('data-ticket')).toBe('t1');
    expect(img.getAttribute('src')).toBe(imageOf('t1'));
    expect(new Set(srv.polled)).toEqual(new Set(['t1']));

    // Leaving and coming back is a new visit: one more ticket, and only the new one is polled from then on.
    fireEvent.click(screen.getByRole('tab', { name: '账号登录' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
    const before = srv.polled.length;
    fireEvent.click(screen.getByRole('tab', { name: '扫码登录' }));
    await waitFor(() => expect(shownImage()?.getAttribute('data-ticket')).toBe('t2'));
    await waitFor(() => expect(srv.polled.length).toBeGreaterThan(before), { timeout: qrPolling.ms * 3 });
    expect(srv.generated).toHaveLength(2);
    expect(new Set(srv.polled.slice(before))).toEqual(new Set(['t2']));
  }, 30_000);

  it('shows 二维码已过期 when the ticket runs out; 刷新二维码 replaces it with exactly one new ticket', async () => {
    const srv = qrServer((ticket) => ({ status: ticket === 't1' ? 'expired' : 'pending' }));
    renderStrict('/wechatLogin');
    expect(await screen.findByText('二维码已过期', {}, { timeout: qrPolling.ms * 3 })).toBeTruthy();
    expect(shownImage()!.getAttribute('data-ticket')).toBe('t1');
    const pollsOfT1 = srv.polled.length;
    // Expired: no more polls of the old ticket.
    await act(() => new Promise((r) => setTimeout(r, qrPolling.ms + 500)));
    expect(srv.polled.length).toBe(pollsOfT1);

    fireEvent.click(screen.getByRole('button', { name: /刷新二维码/ }));
    await waitFor(() => expect(shownImage()?.getAttribute('data-ticket')).toBe('t2'));
    expect(shownImage()!.getAttribute('src')).toBe(imageOf('t2'));
    expect(screen.queryByText('二维码已过期')).toBeNull();
    expect(srv.generated.map((p) => p.get('replace'))).toEqual([null, 't1']);
    await waitFor(() => expect(srv.polled.length).toBeGreaterThan(pollsOfT1), { timeout: qrPolling.ms * 3 });
    expect(new Set(srv.polled.slice(pollsOfT1))).toEqual(new Set(['t2']));
  }, 30_000);

  it('the poll that finds the shown ticket confirmed logs in and leaves for /', async () => {
    const expiresAt = new Date(Date.now() + 86400_000).toISOString();
    // The server's answer sets the session cookies (here: the readable half, as the browser would keep it).
    const srv = qrServer((ticket) => {
      if (ticket !== 't1') return { status: 'pending' };
      signedIn('qr-csrf');
      return { status: 'confirmed', token: 'qr-token', user: USER, expiresAt };
    });
    renderStrict('/wechatLogin');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'), { timeout: qrPolling.ms * 3 });
    expect(getCsrfToken()).toBe('qr-csrf');
    expect(document.cookie + JSON.stringify({ ...localStorage })).not.toContain('qr-token');
    // The poll is marked as the web client's (the CSRF header, empty before the login): only then the cookies come.
    expect(srv.calls.find((c) => c.url.includes('qrStatus'))!.headers.get('X-XSRF-TOKEN')).toBe('');
    expect(srv.generated).toHaveLength(1);
    expect(srv.polled).toEqual(['t1']);
  }, 30_000);
});

describe('QrConfirmPage', () => {
  beforeEach(() => {
    signedIn('phone-token');
    storeUser(USER);
  });

  const TICKET = '/api/admin/wechat/qrTicket';
  const asked = { device: 'Chrome 120 · Windows', place: '内网 192.168.1.5', requestedAt: '2026-11-23T07:30:00.000Z' };
  /** The modal's own 确认登录 (the page's button opens it). */
  const confirmAgain = async () => {
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /确认登录/ }));
  };

  it('shows which device and place asked, and agrees only after a second confirmation', async () => {
    const { calls } = stubFetch((req) =>
      new URL(req.url).pathname === TICKET ? envelope(200, asked) : envelope(200, null, '已确认登录'),
    );
    renderStrict('/qrConfirm?ticket=t1');
    expect(await screen.findByText('Chrome 120 · Windows')).toBeTruthy();
    expect(screen.getByText('内网 192.168.1.5')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /确认登录/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('确认在这台设备上登录？').length).toBeGreaterThan(0);
    expect(calls.some((c) => new URL(c.url).pathname === CONFIRM)).toBe(false);
    await confirmAgain();
    expect(await screen.findByText('已确认登录')).toBeTruthy();
    expect(calls.filter((c) => new URL(c.url).pathname === CONFIRM)).toHaveLength(1);
  });

  it('refuses at once a ticket the server no longer offers', async () => {
    const reason = '该二维码已被使用，请在电脑上刷新后重新扫码';
    stubFetch(() => envelope(400, null, reason));
    renderStrict('/qrConfirm?ticket=t1');
    expect(await screen.findByText('无法确认登录')).toBeTruthy();
    expect(screen.getByText(reason)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /确认登录/ })).toBeNull();
  });

  it('shows why a ticket replaced meanwhile is refused, in the page', async () => {
    const reason = '二维码已失效（已过期或电脑上已刷新），请扫描电脑上最新的二维码';
    const { calls } = stubFetch((req) =>
      new URL(req.url).pathname === CONFIRM ? envelope(400, null, reason) : envelope(200, asked),
    );
    renderStrict('/qrConfirm?ticket=t1');
    fireEvent.click(await screen.findByRole('button', { name: /确认登录/ }));
    await confirmAgain();
    expect(await screen.findByText('无法确认登录')).toBeTruthy();
    expect(screen.getByText(reason)).toBeTruthy();
    const sent = calls.find((c) => new URL(c.url).pathname === CONFIRM)!;
    expect(await sent.json()).toEqual({ ticket: 't1' });
  });
});
