// Accounts in a real browser: register with the SMS code from the outbox, log in,
// change the password, log out, lockout, SMS login, password reset, remember-me, the guard.
// QR login has its own suite: qr-login.e2e.test.ts.
// Screenshots of every account screen land in screenshots/ (git-ignored).
import { sql } from 'kysely';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAS_CHROMIUM, startRig, type E2eRig, readSmsCode, shot, spaGo, toastText, tokenCookie } from './helpers';

if (!HAS_CHROMIUM) {
  console.log(
    '[e2e] /usr/bin/chromium not found: skipping the Chromium suite (install it with `apt-get install -y chromium`).',
  );
}

const DEMO = {
  username: 'demo',
  password: 'demo12345',
  mobile: '13800000000',
  nickName: '演示用户',
  tenantName: '演示企业',
};
const ALICE = { username: 'alice01', mobile: '13900000001', password: 'alicePass1', newPassword: 'alicePass2' };
const BOB = { username: 'bob01', mobile: '13900000002', password: 'bobPass001', resetPassword: 'bobPass002' };

describe.skipIf(!HAS_CHROMIUM)('accounts in Chromium', () => {
  let server: { url: string; close(): Promise<void>; db: any };
  let dataDir: string;
  let browser: Browser;
  let base: string;
  const contexts: BrowserContext[] = [];

  let rig: E2eRig | undefined;
  beforeAll(async () => {
    rig = await startRig();
    ({ server, browser, dataDir } = rig);
    base = server.url;
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
    const page = await ctx.newPage();
    return { ctx, page };
  }

  async function submitLogin(page: Page, username: string, password: string, remember = false) {
    await page.getByPlaceholder('用户名 / 手机号').fill(username);
    await page.getByPlaceholder('密码').fill(password);
    if (remember) await page.getByRole('checkbox', { name: '记住我' }).check();
    const answer = page.waitForResponse((r) => r.url().includes('/api/admin/login/user'));
    await page.locator('form[id=login] button[type=submit]').click();
    return (await (await answer).json()) as { status: number; message: string; data: any };
  }

  async function login(page: Page, username: string, password: string, remember = false) {
    await page.goto(`${base}/login`);
    const body = await submitLogin(page, username, password, remember);
    expect(body.status, body.message).toBe(200);
    // A user with a team settles on the portal (greeting and team name); one without any team is sent on from /
    // to /selectionMethod, so '/' alone proves nothing yet.
    await expect
      .poll(
        async () => {
          const where = new URL(page.url()).pathname;
          if (where === '/selectionMethod')
            return (await page.locator('body').innerText()).includes('创建团队') ? 'selection' : 'waiting';
          if (where === '/' && (await page.getByTestId('team-name').count()) > 0) return 'portal';
          return 'waiting';
        },
        { timeout: 45_000 },
      )
      .not.toBe('waiting');
  }

  async function openUserMenu(page: Page, entry: string) {
    // Only the open dropdown: the previous one may still be fading out with the same entries.
    const item = page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item', { hasText: entry });
    // On a loaded two-core machine a click can land while the header re-renders and the menu never opens, or its
    // opening motion keeps the entry from reading as "stable": open it until the entry shows, then click it there.
    for (let attempt = 0; attempt < 8; attempt++) {
      await page.getByTestId('user-menu').click();
      if (
        await item.waitFor({ state: 'visible', timeout: 6_000 }).then(
          () => true,
          () => false,
        )
      )
        break;
      await page.keyboard.press('Escape');
    }
    await item.click({ timeout: 10_000 }).catch(() => item.click({ force: true }));
  }

  /** A user-menu entry that navigates; retried when the click met a dropdown that was still closing. */
  async function menuTo(page: Page, entry: string, path: string) {
    for (let attempt = 0; attempt < 3; attempt++) {
      // A menu that never opened (a loaded machine, the page still settling after the last navigation) is one failed
      // attempt of three, not the end of the test.
      if (
        !(await openUserMenu(page, entry).then(
          () => true,
          () => false,
        ))
      ) {
        await page.keyboard.press('Escape').catch(() => {});
        continue;
      }
      if (
        await page.waitForURL(`${base}${path}`, { timeout: 8_000 }).then(
          () => true,
          () => false,
        )
      )
        return;
    }
    throw new Error(`the user menu entry ${entry} did not open ${path}`);
  }

  async function blurMessages(page: Page): Promise<string[]> {
    return page.locator('.ant-form-item-explain-error').allInnerTexts();
  }

  it('sends a logged-out visitor of a protected route to /login', async () => {
    const { ctx, page } = await newPage();
    await page.goto(`${base}/basicInfo`);
    await page.waitForURL(`${base}/login`);
    await page.goto(`${base}/no/such/page`);
    await page.waitForURL(`${base}/login`);
    expect(await tokenCookie(ctx)).toBeUndefined();
    await expect.poll(() => page.locator('.yg-auth-name').innerText()).toBe('易管');
    expect(await page.locator('.yg-auth-tagline').innerText()).toBe('让管理更简单');
    await shot(page, 'login');
    await ctx.close();
  });

  it('registers with the SMS code from the outbox and lands on / with isRegister set', async () => {
    const { ctx, page } = await newPage();
    await page.goto(`${base}/register`);
    // Blur validation with the password rules' messages.
    await page.getByPlaceholder('请输入至少8位数字和字母组合').fill('short');
    await page.getByPlaceholder('请输入至少8位数字和字母组合').blur();
    await page.getByPlaceholder('请再次输入密码').focus();
    await page.getByPlaceholder('请再次输入密码').blur();
    await expect.poll(() => blurMessages(page)).toEqual(['密码长度至少8位', '请确认密码']);
    await page.getByPlaceholder('请输入手机号').fill('123');
    await page.getByPlaceholder('请输入手机号').blur();
    await expect.poll(() => blurMessages(page)).toContain('请输入正确的手机号');
    await shot(page, 'register-errors');

    await page.getByPlaceholder('请输入用户名').fill(ALICE.username);
    await page.getByPlaceholder('请输入手机号').fill(ALICE.mobile);
    const sentAt = Date.now();
    await page.getByTestId('send-code').click();
    const code = await readSmsCode(dataDir, ALICE.mobile, 'register', sentAt);
    await expect.poll(() => page.getByTestId('send-code').innerText()).toMatch(/^\d+秒后重新获取$/);
    expect(await page.getByTestId('send-code').isDisabled()).toBe(true);
    await page.getByPlaceholder('请输入6位验证码').fill(code);
    await page.getByPlaceholder('请输入至少8位数字和字母组合').fill(ALICE.password);
    await page.getByPlaceholder('请再次输入密码').fill(ALICE.password);
    await page.getByPlaceholder('请再次输入密码').blur();
    await expect.poll(() => blurMessages(page)).toEqual([]);
    await shot(page, 'register');
    await page.locator('form[id=register] button[type=submit]').click();
    // Registered and logged in: / (a new user without a team then moves on to /selectionMethod; how fast
    // depends on the machine, so the portal's greeting may or may not be seen on the way).
    await page.waitForURL(`${base}/selectionMethod`);
    expect(await page.evaluate(() => sessionStorage.getItem('isRegister'))).toBe('true');
    expect(await tokenCookie(ctx)).toBeDefined();
    await ctx.close();
  });

  it('logs in, changes the password (the old one stops working) and logs out', async () => {
    const { ctx, page } = await newPage();
    await login(page, ALICE.username, ALICE.password);

    await openUserMenu(page, '修改密码');
    const dialog = page.locator('.ant-modal');
    await dialog.getByPlaceholder('请输入原密码').focus();
    await dialog.getByPlaceholder('请输入原密码').blur();
    await expect.poll(() => blurMessages(page)).toEqual(['请输入密码']);
    await dialog.getByPlaceholder('请输入原密码').fill('abc');
    await dialog.getByPlaceholder('请输入原密码').blur();
    await expect.poll(() => blurMessages(page)).toEqual(['密码长度至少8位']);
    await dialog.getByPlaceholder('请输入原密码').fill(ALICE.password);
    await dialog.getByPlaceholder('请输入至少8位数字和字母组合').fill(ALICE.password);
    await dialog.getByPlaceholder('请输入至少8位数字和字母组合').blur();
    await expect.poll(() => blurMessages(page)).toEqual(['不能与原密码一致']);
    await dialog.getByPlaceholder('请再次输入新密码').focus();
    await dialog.getByPlaceholder('请再次输入新密码').blur();
    await expect.poll(() => blurMessages(page)).toEqual(['不能与原密码一致', '请确认密码']);
    await dialog.getByPlaceholder('请输入至少8位数字和字母组合').fill(ALICE.newPassword);
    await dialog.getByPlaceholder('请输入至少8位数字和字母组合').blur();
    await dialog.getByPlaceholder('请再次输入新密码').fill('different1');
    await dialog.getByPlaceholder('请再次输入新密码').blur();
    await expect.poll(() => blurMessages(page)).toEqual(['两次输入的密码不一致']);
    await shot(page, 'change-password');
    await dialog.getByPlaceholder('请再次输入新密码').fill(ALICE.newPassword);
    await dialog.getByPlaceholder('请再次输入新密码').blur();
    await expect.poll(() => blurMessages(page)).toEqual([]);
    await dialog.locator('.ant-btn-primary').click();
    await page.waitForURL(`${base}/login`);
    await expect.poll(() => toastText(page)).toContain('修改成功，请重新登陆');
    expect(await tokenCookie(ctx)).toBeUndefined();
    expect(await page.evaluate(() => [localStorage.getItem('userInfo'), sessionStorage.length])).toEqual([null, 0]);

    // The old password no longer works; the new one does.
    const refused = await submitLogin(page, ALICE.username, ALICE.password);
    expect(refused.status).toBe(400);
    await expect.poll(() => toastText(page)).toContain('用户名或密码错误');
    expect(new URL(page.url()).pathname).toBe('/login');
    await login(page, ALICE.username, ALICE.newPassword);

    // Log out: the session is dropped and protected routes send the user back to /login.
    await openUserMenu(page, '退出登录');
    await page.waitForURL(`${base}/login`);
    expect(await tokenCookie(ctx)).toBeUndefined();
    expect(await page.evaluate(() => localStorage.getItem('userInfo'))).toBeNull();
    await page.goto(`${base}/`);
    await page.waitForURL(`${base}/login`);
    await ctx.close();
  });

  it('remember-me keeps the username (never the password) and a persistent cookie', async () => {
    const { ctx, page } = await newPage();
    await login(page, DEMO.username, DEMO.password, true);
    await expect.poll(() => page.getByTestId('team-name').innerText()).toBe(DEMO.tenantName);
    expect(await page.getByTestId('greeting').innerText()).toContain(DEMO.nickName);
    const cookie = await tokenCookie(ctx);
    expect(cookie!.expires).toBeGreaterThan(Date.now() / 1000 + 3600);
    // The server's session cookie: out of the page scripts' reach, and not sent along by other sites' requests.
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const stored = await page.evaluate(
      () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }) + document.cookie,
    );
    expect(stored).not.toContain(DEMO.password);
    expect(stored).not.toContain(cookie!.value);
    await shot(page, 'portal');

    await page.getByRole('button', { name: '收起' }).click();
    await expect.poll(async () => (await page.locator('.yg-sider').boundingBox())?.width).toBe(54);
    await shot(page, 'portal-collapsed');
    await page.getByRole('button', { name: '展开' }).click();
    await expect.poll(async () => (await page.locator('.yg-sider').boundingBox())?.width).toBe(200);

    await page.getByTestId('user-menu').click();
    const entries = await page.locator('.ant-dropdown-menu-item').allInnerTexts();
    expect(entries.map((e) => e.trim())).toEqual([
      '个人中心',
      '加入团队',
      '创建团队',
      '修改密码',
      '注销账号',
      '返回首页',
      '退出登录',
    ]);
    await shot(page, 'user-menu');
    await page.getByRole('menuitem', { name: '注销账号' }).click();
    // The dialog says what happens to the user's teams before asking for the password; cancelled here.
    const impact = page.getByTestId('deactivate-impact');
    await expect.poll(() => impact.innerText(), { timeout: 15_000 }).toContain('「演示企业」 将被解散');
    await page
      .locator('.ant-modal-content', { hasText: '确认注销' })
      .getByRole('button', { name: /取\s*消/ })
      .click();
    await menuTo(page, '个人中心', '/basicInfo');
    await menuTo(page, '返回首页', '/');
    await menuTo(page, '退出登录', '/login');
    expect(await page.getByPlaceholder('用户名 / 手机号').inputValue()).toBe(DEMO.username);
    expect(await page.getByRole('checkbox', { name: '记住我' }).isChecked()).toBe(true);
    await shot(page, 'login-remembered');
    await ctx.close();
  });

  it('logs in with an SMS code', async () => {
    const { ctx, page } = await newPage();
    await page.goto(`${base}/codeLogin`);
    await page.getByPlaceholder('请输入手机号').fill(DEMO.mobile);
    const sentAt = Date.now();
    await page.getByTestId('send-code').click();
    const code = await readSmsCode(dataDir, DEMO.mobile, 'login', sentAt);
    await expect.poll(() => page.getByTestId('send-code').innerText()).toMatch(/^\d+秒后重新获取$/);
    await page.getByPlaceholder('请输入6位验证码').fill(code);
    await shot(page, 'codeLogin');
    await page.locator('form[id=codeLogin] button[type=submit]').click();
    await page.waitForURL(`${base}/`);
    await expect.poll(() => page.getByTestId('greeting').innerText()).toContain(DEMO.nickName);
    await ctx.close();
  });

  it('resets a forgotten password with an SMS code', async () => {
    // Register bob through the API, then age his code so the 60-second resend limit allows the reset code.
    const sentAt = Date.now();
    await fetch(`${base}/api/admin/captcha/getSmsCaptcha?mobile=${BOB.mobile}&scene=register`);
    const regCode = await readSmsCode(dataDir, BOB.mobile, 'register', sentAt);
    const reg = await (
      await fetch(`${base}/api/admin/sysuser/registerAccountInitial`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          username: BOB.username,
          mobile: BOB.mobile,
          code: regCode,
          password: BOB.password,
          rePassword: BOB.password,
        }),
      })
    ).json();
    expect(reg.status, reg.message).toBe(200);
    await sql`update sms_codes set created_at = created_at - interval '2 minutes' where mobile = ${BOB.mobile}`.execute(
      server.db,
    );

    const { ctx, page } = await newPage();
    await page.goto(`${base}/forgotPassword`);
    await page.getByPlaceholder('请输入用户名').fill(BOB.username);
    await page.getByPlaceholder('请输入绑定的手机号').fill(BOB.mobile);
    const resetAt = Date.now();
    await page.getByTestId('send-code').click();
    const code = await readSmsCode(dataDir, BOB.mobile, 'reset', resetAt);
    await page.getByPlaceholder('请输入6位验证码').fill(code);
    await page.getByPlaceholder('请输入至少8位数字和字母组合').fill(BOB.resetPassword);
    await page.getByPlaceholder('请再次输入新密码').fill('mismatch99');
    await page.getByPlaceholder('请再次输入新密码').blur();
    await expect.poll(() => blurMessages(page)).toEqual(['两次输入的密码不一致']);
    await shot(page, 'forgotPassword');
    await page.getByPlaceholder('请再次输入新密码').fill(BOB.resetPassword);
    await page.locator('form[id=forgotPassword] button[type=submit]').click();
    await page.waitForURL(`${base}/login`);
    await login(page, BOB.username, BOB.resetPassword);
    await ctx.close();
  });

  it('locks the account after 5 wrong passwords: the 6th try with the right one is refused like a wrong one', async () => {
    const { ctx, page } = await newPage();
    await page.goto(`${base}/login`);
    for (let i = 1; i <= 5; i++) {
      const body = await submitLogin(page, ALICE.username, `wrongPass${i}`);
      expect(body).toMatchObject({ status: 400, message: '用户名或密码错误' });
    }
    // The lock is not told: the right password gets the wrong-password answer for 10 minutes.
    const locked = await submitLogin(page, ALICE.username, ALICE.newPassword);
    expect(locked).toMatchObject({ status: 400, message: '用户名或密码错误' });
    await expect.poll(() => toastText(page)).toContain(locked.message);
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await tokenCookie(ctx)).toBeUndefined();
    await shot(page, 'login-locked');
    await ctx.close();
  });

  it('shows the result pages and the loading mask is gone when idle', async () => {
    const { ctx, page } = await newPage();
    await login(page, DEMO.username, DEMO.password);
    for (const [route, name] of [
      ['/empty', 'empty'],
      ['/404', '404'],
      ['/401', '401'],
    ] as const) {
      await spaGo(page, route);
      await page.waitForURL(`${base}${route}`);
      await page.locator('.ant-result').waitFor();
      await shot(page, name);
    }
    await spaGo(page, '/not-a-route');
    await page.waitForURL(`${base}/empty`);
    await expect.poll(() => page.getByTestId('loading-mask').count()).toBe(0);
    // The footer carries the copyright and the record-filing link.
    expect(await page.locator('.yg-footer').innerText()).toContain('© 2026 易管 让管理更简单');
    expect(await page.locator('.yg-footer a').getAttribute('href')).toBe('https://beian.miit.gov.cn/');
    await ctx.close();
  });
});
