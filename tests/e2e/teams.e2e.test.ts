// Teams in a real browser: a new user registers and onboards an enterprise team through
// the screens (typing what OCR cannot read), applies to join the demo team, the owner approves in the UI,
// the user switches teams and the sidebar changes; the sidebar collapses to 54 px. Screenshots of each
// onboarding screen, the shell, the team switcher and /basicInfo land in screenshots/ (git-ignored).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idCardCheckChar, usccCheckChar } from '../../src/common/ids';
import { HAS_CHROMIUM, readSmsCode, shot, signIn, startRig, toastText, type E2eRig } from './helpers';

if (!HAS_CHROMIUM) {
  console.log(
    '[e2e] /usr/bin/chromium not found: skipping the teams Chromium suite (install it with `apt-get install -y chromium`).',
  );
}

const DEMO = { username: 'demo', password: 'demo12345', tenantCode: 'T00000001', tenantName: '演示企业' };
const CAROL = { username: 'carol01', mobile: '13900000031', password: 'carolPass1' };
const CREDIT_CODE = (() => {
  const f = '91310000MA1K4CDE1';
  return f + usccCheckChar(f);
})();
const LEGAL_ID = (() => {
  const f = '11010519491231002';
  return f + idCardCheckChar(f);
})();

async function pictureFile(dir: string, name: string, text: string): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="600"><rect width="900" height="600" fill="#fbf7ee"/>
    <rect x="20" y="20" width="860" height="560" fill="none" stroke="#b23" stroke-width="8"/>
    <text x="450" y="120" font-size="56" text-anchor="middle" fill="#b23" font-family="DejaVu Sans">${text}</text>
    <text x="80" y="300" font-size="40" font-family="DejaVu Sans Mono">${CREDIT_CODE}</text></svg>`;
  const file = path.join(dir, name);
  fs.writeFileSync(file, await sharp(Buffer.from(svg)).png().toBuffer());
  return file;
}

/** Polls wait this long: the suites share a small machine with PGlite and other browsers. */
const WAIT = { timeout: 10_000 };

describe.skipIf(!HAS_CHROMIUM)('teams in Chromium', () => {
  let server: { url: string; close(): Promise<void> };
  let dataDir: string;
  let browser: Browser;
  let base: string;
  let carol: { ctx: BrowserContext; page: Page };
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

  async function newPage(): Promise<{ ctx: BrowserContext; page: Page }> {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
    contexts.push(ctx);
    return { ctx, page: await ctx.newPage() };
  }

  let t0 = Date.now();
  const mark = (what: string) => {
    if (process.env.E2E_TIMING) console.log(`[teams] ${what}: ${Date.now() - t0} ms`);
    t0 = Date.now();
  };
  const errors = (page: Page) => page.locator('.ant-form-item-explain-error').allInnerTexts();
  const sidebarText = (page: Page) => page.getByTestId('sidebar-menu').innerText();

  /** The login screen has its own suite: here the session cookies come from an API login. */
  async function loginByApi({ ctx }: { ctx: BrowserContext; page: Page }, username: string, password: string) {
    await signIn(ctx, base, username, password);
  }

  it('a new user registers, lands on /selectionMethod and onboards an enterprise team through the screens', async () => {
    carol = await newPage();
    const { page } = carol;
    await page.goto(`${base}/register`);
    await page.getByPlaceholder('请输入用户名').fill(CAROL.username);
    await page.getByPlaceholder('请输入手机号').fill(CAROL.mobile);
    const sentAt = Date.now();
    await page.getByTestId('send-code').click();
    await page.getByPlaceholder('请输入6位验证码').fill(await readSmsCode(dataDir, CAROL.mobile, 'register', sentAt));
    await page.getByPlaceholder('请输入至少8位数字和字母组合').fill(CAROL.password);
    await page.getByPlaceholder('请再次输入密码').fill(CAROL.password);
    await page.locator('form[id=register] button[type=submit]').click();

    // No team yet: / sends the user to the selection screen.
    await page.waitForURL(`${base}/selectionMethod`);
    await expect.poll(() => page.getByTestId('select-join-enterprise').isVisible(), WAIT).toBe(true);
    await shot(page, 'teams-selectionMethod');
    mark('teams-selectionMethod');
    await page.getByText('创建团队', { exact: true }).click();
    await page.getByTestId('select-create-enterprise').click();
    await page.waitForURL(`${base}/enterpriseTeam`);
    await shot(page, 'teams-enterpriseTeam');
    await page.getByRole('button', { name: '开始创建' }).click();
    await page.waitForURL(`${base}/enterpriseInfo`);

    // Licence photo: a synthetic picture; recognition may or may not read it, the user types the rest.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yiguan-pics-'));
    const ocrAnswer = page.waitForResponse((r) => r.url().includes('/systenant/businessLicense'), { timeout: 60_000 });
    await page
      .getByTestId('license-upload')
      .locator('input[type=file]')
      .setInputFiles(await pictureFile(dir, 'licence.png', '营业执照'));
    await ocrAnswer;
    mark('ocr');
    await expect.poll(() => page.getByTestId('ocr-result').innerText(), WAIT).toMatch(/已识别|手动/);
    // Validation: empty fields and a malformed code, with the Chinese messages.
    await page.getByRole('button', { name: '下一步' }).click();
    await expect.poll(() => errors(page), WAIT).toContain('请输入企业名称');
    await page.getByPlaceholder('请输入18位统一社会信用代码').fill('123');
    await page.getByPlaceholder('请输入18位统一社会信用代码').blur();
    await expect.poll(() => errors(page), WAIT).toContain('请输入正确的统一社会信用代码');
    await page
      .getByPlaceholder('请输入18位统一社会信用代码')
      .fill(CREDIT_CODE.slice(0, 17) + (CREDIT_CODE[17] === '0' ? '1' : '0'));
    await page.getByPlaceholder('请输入18位统一社会信用代码').blur();
    await expect.poll(() => errors(page), WAIT).toContain('统一社会信用代码校验不通过，请核对');
    await page.getByPlaceholder('请输入18位统一社会信用代码').fill(CREDIT_CODE);
    await page.getByPlaceholder('请输入营业执照上的企业名称').fill('星河道具制作有限公司');
    await page.getByPlaceholder('请输入营业执照上的企业名称').blur();
    await expect.poll(() => page.getByPlaceholder('请输入团队名称').inputValue(), WAIT).toBe('星河道具制作有限公司');
    await page.getByPlaceholder('请输入团队名称').fill('星河道具');
    await expect.poll(() => errors(page), WAIT).toEqual([]);
    await shot(page, 'teams-enterpriseInfo');
    mark('teams-enterpriseInfo');
    await page.getByRole('button', { name: '下一步' }).click();

    await page.waitForURL(`${base}/corporateInfo`);
    await page.getByPlaceholder('请输入18位身份证号码').fill('110105194912310020');
    await page.getByPlaceholder('请输入18位身份证号码').blur();
    await expect
      .poll(() => errors(page), WAIT)
      .toContain(LEGAL_ID.endsWith('0') ? '请输入正确的身份证号码' : '身份证号码校验不通过，请核对');
    await page.getByRole('button', { name: '下一步' }).click();
    await expect
      .poll(() => errors(page), WAIT)
      .toEqual(expect.arrayContaining(['请输入法定代表人姓名', '请上传法人授权书']));
    await page.getByPlaceholder('请输入法定代表人姓名').fill('王星河');
    await page.getByPlaceholder('请输入18位身份证号码').fill(LEGAL_ID);
    await page.getByPlaceholder('请输入18位身份证号码').blur();
    await page
      .getByTestId('authorization-upload')
      .locator('input[type=file]')
      .setInputFiles(await pictureFile(dir, 'auth.png', '法人授权书'));
    await expect.poll(() => page.getByTestId('authorization-upload').locator('img').count(), WAIT).toBe(1);
    await expect.poll(() => errors(page), WAIT).toEqual([]);
    await shot(page, 'teams-corporateInfo');
    mark('teams-corporateInfo');
    await page.getByRole('button', { name: '下一步' }).click();

    // Review survives a reload (the wizard lives in sessionStorage), confirm is required.
    await page.waitForURL(`${base}/checkModel`);
    await page.reload();
    await expect.poll(() => page.getByTestId('review-enterprise').innerText(), WAIT).toContain(CREDIT_CODE);
    expect(await page.getByTestId('review-enterprise').innerText()).toContain('星河道具制作有限公司');
    await page.getByRole('button', { name: '确认提交' }).click();
    await expect.poll(() => page.locator('.yg-error-text').innerText(), WAIT).toBe('请确认以上信息真实有效');
    await page.getByRole('checkbox').check();
    await shot(page, 'teams-checkModel');
    mark('teams-checkModel');
    const created = page.waitForResponse((r) => r.url().includes('/systenant/createTenant'));
    await page.getByRole('button', { name: '确认提交' }).click();
    await page.waitForURL(`${base}/submit`);
    const body = await (await created).json();
    expect(body.status, body.message).toBe(200);
    await expect.poll(() => page.getByTestId('created-team').innerText(), WAIT).toContain(body.data.tenantCode);
    await shot(page, 'teams-submit');
    mark('teams-submit');

    // Enters the new team: the enterprise sidebar, the team in the header.
    await page.waitForURL(`${base}/`, { timeout: 10_000 });
    await expect.poll(() => page.getByTestId('current-team').innerText(), WAIT).toBe('星河道具');
    await expect.poll(() => sidebarText(page), WAIT).toContain('道具管理');
    for (const g of ['人事管理', '财务管理', '项目管理', '仓储管理']) expect(await sidebarText(page)).toContain(g);
    await page.getByTestId('sidebar-menu').getByText('系统设置').click();
    await expect.poll(() => sidebarText(page), WAIT).toContain('流程绑定'); // the owner's admin role has every module
    await shot(page, 'teams-shell');
    mark('teams-shell');
  }, 240_000);

  it('the user applies to join the demo team; the owner approves in the UI', async () => {
    const { page } = carol;
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: '加入团队' }).click();
    await page.getByTestId('select-join-enterprise').click();
    await page.waitForURL(`${base}/joinTeam`);
    await page.getByPlaceholder('如 T00000001').fill('X1');
    await page.getByRole('button', { name: '查询' }).click();
    await expect.poll(() => errors(page), WAIT).toEqual(['团队编号为 T 加 8 位数字，如 T00000001']);
    await page.getByPlaceholder('如 T00000001').fill(DEMO.tenantCode);
    await page.getByRole('button', { name: '查询' }).click();
    await expect.poll(() => page.getByTestId('team-summary').innerText(), WAIT).toContain(DEMO.tenantName);
    await page.getByPlaceholder(/请简单介绍您自己/).fill('道具组王星河，申请加入');
    await shot(page, 'teams-joinTeam');
    await page.getByRole('button', { name: '申请加入' }).click();
    await page.waitForURL(`${base}/inCheck`);
    await expect.poll(() => page.getByTestId(`application-${DEMO.tenantCode}`).innerText(), WAIT).toContain('审核中');
    await shot(page, 'teams-inCheck');
    mark('teams-inCheck');

    const owner = await newPage();
    await loginByApi(owner, DEMO.username, DEMO.password);
    await owner.page.goto(`${base}/`);
    await expect.poll(() => owner.page.getByTestId('join-requests').innerText(), WAIT).toContain('1');
    await owner.page.getByTestId('join-requests').click();
    await owner.page.waitForURL(`${base}/teamRequests`);
    await expect
      .poll(() => owner.page.locator('.ant-table-tbody').innerText(), WAIT)
      .toContain('道具组王星河，申请加入');
    await owner.page.getByTestId('create-share').click();
    await expect.poll(() => owner.page.getByTestId('share-link').innerText(), WAIT).toContain('/share?code=');
    await shot(owner.page, 'teams-share-link');
    await owner.page.keyboard.press('Escape');
    await owner.page.getByTestId(`approve-${CAROL.username}`).click();
    await expect.poll(() => toastText(owner.page), WAIT).toContain('已同意');
    await expect.poll(() => owner.page.locator('.ant-table-tbody').innerText(), WAIT).toContain('暂无待审核的申请');
    await shot(owner.page, 'teams-teamRequests');
    mark('teams-teamRequests');
    await owner.ctx.close();
  }, 60_000);

  it('the approved user switches teams (切换成功) and the sidebar changes; the sidebar collapses to 54 px', async () => {
    const { page } = carol;
    await page.getByTestId('refresh').click();
    await expect.poll(() => page.getByTestId('joined-teams').innerText(), WAIT).toContain(DEMO.tenantName);
    const before = await page.evaluate(() => localStorage.getItem('menuTree'));

    await page.getByTestId('team-switcher').click();
    await expect.poll(() => page.getByTestId(`team-option-${DEMO.tenantCode}`).isVisible(), WAIT).toBe(true);
    await shot(page, 'teams-switcher');
    const switched = page.waitForResponse((r) => r.url().includes('/login/switchTenants'));
    await page.getByTestId(`team-option-${DEMO.tenantCode}`).click();
    expect((await switched).ok()).toBe(true);
    await page.waitForURL(`${base}/`);
    await expect.poll(() => page.getByTestId('current-team').innerText(), WAIT).toBe(DEMO.tenantName);
    await expect.poll(() => toastText(page), WAIT).toContain('切换成功');
    expect(await page.evaluate(() => sessionStorage.getItem('activeMenu'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('menuTree'))).not.toBe(before);
    // A member of 演示企业: the member role has no 流程绑定 (so no 系统设置 group), and no 成员申请 entry.
    await expect.poll(() => sidebarText(page), WAIT).toContain('财务管理');
    expect(await sidebarText(page)).not.toContain('系统设置');
    expect(await sidebarText(page)).not.toContain('流程绑定');
    expect(await page.getByTestId('join-requests').count()).toBe(0);
    await page.getByTestId('sidebar-menu').getByText('财务管理').click();
    await page.getByTestId('sidebar-menu').getByText('报销管理').click();
    await page.waitForURL(`${base}/reimburseManage`);
    await expect.poll(() => page.locator('.ant-menu-item-selected').innerText(), WAIT).toBe('报销管理');

    const sider = page.getByTestId('sider');
    expect((await sider.boundingBox())!.width).toBe(200);
    await page.getByRole('button', { name: '收起' }).click();
    await expect.poll(async () => (await sider.boundingBox())!.width, WAIT).toBe(54);
    await shot(page, 'teams-sidebar-collapsed');
    mark('teams-sidebar-collapsed');
    await page.getByRole('button', { name: '展开' }).click();
    await expect.poll(async () => (await sider.boundingBox())!.width, WAIT).toBe(200);

    await page.goto(`${base}/basicInfo`);
    await expect.poll(() => page.getByTestId('my-teams').innerText(), WAIT).toContain('星河道具');
    expect(await page.getByTestId('my-teams').innerText()).toContain(DEMO.tenantName);
    await shot(page, 'teams-basicInfo');
  }, 60_000);
});
