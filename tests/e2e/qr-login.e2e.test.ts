// QR-code login in Chromium: the desk (/wechatLogin) shows one ticket per visit and polls exactly that ticket;
// a phone that is logged in confirms it on /qrConfirm; a ticket replaced by 刷新二维码 is refused there.
// No retries: a ticket that changes under the user is a product bug, not a slow runner.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAS_CHROMIUM, shot, startRig, tokenCookie, type E2eRig } from './helpers';
import { confirmOk } from './page-kit';

if (!HAS_CHROMIUM) {
  console.log(
    '[e2e] /usr/bin/chromium not found: skipping the QR login suite (install it with `apt-get install -y chromium`).',
  );
}

const DEMO = { username: 'demo', password: 'demo12345', nickName: '演示用户' };
const GENERATE = '/api/admin/wechat/generateAWeChatQRCode';
const STATUS = '/api/admin/wechat/qrStatus';

describe.skipIf(!HAS_CHROMIUM)('QR login in Chromium', () => {
  let rig: E2eRig | undefined;
  let browser: Browser;
  let base: string;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    rig = await startRig();
    browser = rig.browser;
    base = rig.server.url;
  }, 180_000);

  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await rig?.close();
  });

  async function newPage(opts: { mobile?: boolean } = {}): Promise<{ ctx: BrowserContext; page: Page }> {
    const ctx = await browser.newContext(
      opts.mobile
        ? { viewport: { width: 390, height: 760 }, isMobile: true, hasTouch: true, locale: 'zh-CN' }
        : { viewport: { width: 1280, height: 800 }, locale: 'zh-CN' },
    );
    contexts.push(ctx);
    return { ctx, page: await ctx.newPage() };
  }

  /** What the desk asked the server: every ticket it was given and every ticket it polled. */
  function watchDesk(page: Page) {
    const issued: { ticket: string; qrCode: string }[] = [];
    const generateRequests: string[] = [];
    const polled: string[] = [];
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (u.pathname === GENERATE) generateRequests.push(u.search);
      if (u.pathname === STATUS) polled.push(u.searchParams.get('ticket') ?? '');
    });
    page.on('response', async (r) => {
      if (new URL(r.url()).pathname !== GENERATE) return;
      const body = (await r.json().catch(() => null)) as { data?: { ticket: string; qrCode: string } } | null;
      if (body?.data) issued.push({ ticket: body.data.ticket, qrCode: body.data.qrCode });
    });
    return { issued, generateRequests, polled };
  }

  /** Logs the phone in through the guard: /qrConfirm sends it to /login and back to the ticket. */
  async function phoneOpens(ticket: string): Promise<{ ctx: BrowserContext; page: Page }> {
    const phone = await newPage({ mobile: true });
    await phone.page.goto(`${base}/qrConfirm?ticket=${encodeURIComponent(ticket)}`);
    await phone.page.waitForURL(`${base}/login`);
    await phone.page.getByPlaceholder('用户名 / 手机号').waitFor();
    await shot(phone.page, 'login-mobile');
    await phone.page.getByPlaceholder('用户名 / 手机号').fill(DEMO.username);
    await phone.page.getByPlaceholder('密码').fill(DEMO.password);
    const answer = phone.page.waitForResponse((r) => r.url().includes('/api/admin/login/user'));
    await phone.page.locator('form[id=login] button[type=submit]').click();
    expect((await (await answer).json()).status).toBe(200);
    await phone.page.waitForURL((u) => u.pathname === '/qrConfirm' && u.searchParams.get('ticket') === ticket);
    // The request is read first: a live ticket shows the confirmation, a refused one why it cannot be confirmed.
    await phone.page.getByText(/易管网页版登录确认|无法确认登录/).waitFor();
    return phone;
  }

  it('a second, logged-in browser confirms the shown ticket and the desk enters / (desk CPU throttled 4×)', async () => {
    const desk = await newPage();
    // A slow machine: the window in which a second ticket could replace the first grows.
    const cdp = await desk.ctx.newCDPSession(desk.page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const seen = watchDesk(desk.page);
    await desk.page.goto(`${base}/wechatLogin`);
    const img = desk.page.locator('.yg-qr-box img');
    await img.waitFor();
    const ticket = (await img.getAttribute('data-ticket'))!;
    const src = (await img.getAttribute('src'))!;
    expect(src).toMatch(/^data:image\/png;base64,/);
    await shot(desk.page, 'wechatLogin');

    const phone = await phoneOpens(ticket);
    await shot(phone.page, 'qrConfirm');
    // The phone shows who asked (this desk's browser and address), then asks once more.
    await phone.page.getByText('登录设备').waitFor();
    expect(await phone.page.locator('.ant-descriptions').innerText()).toMatch(/Chrome[\s\S]*本机 127\.0\.0\.1/);
    await phone.page.getByRole('button', { name: /确认登录/ }).click();
    // The dialog's own 确认登录; clicked again only if a click during its opening motion did not take.
    await phone.page.locator('.ant-modal-confirm:visible').waitFor();
    await confirmOk(phone.page, /确认登录/);
    await phone.page.getByText('已确认登录').waitFor();
    await shot(phone.page, 'qrConfirm-done');

    await desk.page.waitForURL(`${base}/`, { timeout: 30_000 }).catch(async (err) => {
      console.log(
        `[e2e qr] desk at ${desk.page.url()}; shown ${ticket}; issued ${seen.issued.map((i) => i.ticket).join(', ')}; polled ${[...new Set(seen.polled)].join(', ')}`,
      );
      throw err;
    });
    await expect.poll(() => desk.page.getByTestId('greeting').innerText()).toContain(DEMO.nickName);
    // The poll's answer set the session cookie itself: HttpOnly, so the desk page never held the token.
    const session = await tokenCookie(desk.ctx);
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect(await desk.page.evaluate(() => document.cookie + JSON.stringify({ ...localStorage }))).not.toContain(
      session!.value,
    );

    // One ticket for the visit; the image, data-ticket and every poll were that one.
    expect(seen.generateRequests).toHaveLength(1);
    expect(seen.issued).toEqual([{ ticket, qrCode: src }]);
    expect(seen.polled.length).toBeGreaterThan(0);
    expect(new Set(seen.polled)).toEqual(new Set([ticket]));
    await desk.ctx.close();
    await phone.ctx.close();
  });

  it('shows expiry with a refresh button; the refreshed-away ticket is refused on the phone', async () => {
    const desk = await newPage();
    const seen = watchDesk(desk.page);
    // Pretend the server says the ticket expired, to see the overlay without waiting minutes.
    await desk.page.route(`**${STATUS}*`, (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({ status: 200, message: 'ok', data: { status: 'expired' } }),
      }),
    );
    await desk.page.goto(`${base}/wechatLogin`);
    const img = desk.page.locator('.yg-qr-box img');
    await img.waitFor();
    const first = (await img.getAttribute('data-ticket'))!;
    await desk.page.getByText('二维码已过期').waitFor({ timeout: 10_000 });
    await shot(desk.page, 'wechatLogin-expired');
    await desk.page.unroute(`**${STATUS}*`);
    await desk.page.getByRole('button', { name: /刷新二维码/ }).click();
    await expect.poll(() => img.getAttribute('data-ticket')).not.toBe(first);
    expect(await desk.page.getByText('二维码已过期').count()).toBe(0);
    // The refresh asked for a replacement of the shown ticket: two tickets in all, the second one on screen.
    expect(seen.generateRequests).toEqual(['', `?replace=${encodeURIComponent(first)}`]);
    expect(await img.getAttribute('data-ticket')).toBe(seen.issued[1].ticket);

    // The replaced ticket is refused as soon as the phone opens it, before any button is offered.
    const phone = await phoneOpens(first);
    await phone.page.getByText('无法确认登录').waitFor();
    expect(await phone.page.getByRole('button', { name: /确认登录/ }).count()).toBe(0);
    expect(await phone.page.locator('.yg-confirm-card').innerText()).toContain(
      '二维码已失效（已过期或电脑上已刷新），请扫描电脑上最新的二维码',
    );
    await shot(phone.page, 'qrConfirm-refused');
    await desk.ctx.close();
    await phone.ctx.close();
  });
});
