// 催办 → 通知 in Chromium: the owner (演示用户) urges a late prop order on /propProgress; its owner
// (刘洋) sees the bell's unread count in the header, opens the list, clicks the notification (it opens the order in
// /propProgress's drawer and counts as read), then 全部已读 empties the count.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { HAS_CHROMIUM, shot } from './helpers';
import { dictItemId } from '../helpers/test-app';
import {
  approver,
  simplePropProcess,
  complaints,
  confirmOk,
  dialogItem,
  dialogOf,
  drawerOf,
  op,
  pageSuite,
  poll,
  rowOf,
} from './page-kit';

if (!HAS_CHROMIUM) console.log('[e2e] /usr/bin/chromium not found: skipping the notifications suite.');

describe.skipIf(!HAS_CHROMIUM)("催办 notifies the order's owner, on the header bell", () => {
  const { pages, call, openList, base } = pageSuite();
  const ok = async (who: string, method: 'GET' | 'POST', url: string, body?: unknown) => {
    const r = await call(who, method, url, body);
    expect(r.status, r.message).toBe(200);
    return r.data;
  };
  /** The bell's unread count (antd's badge carries it in its title); no badge: 0. */
  const bellCount = async (p: Page) => {
    const badge = p.locator('[data-testid=notification-bell] .ant-badge-count');
    return (await badge.count()) ? Number(await badge.first().getAttribute('title')) : 0;
  };

  it('demo urges on /propProgress; 刘洋 sees the count, opens the order from the list, then reads all', async () => {
    const boss = await pages.page('demo');
    const owner = await pages.page('liuyang');
    await pages.page('lisi'); // signed in for the project's approval through the API
    const today = new Date().toISOString().slice(0, 10);
    const dict = await ok('demo', 'POST', '/api/admin/sysmenuListFieldDict/queryByFieldKeys', ['teamMembers']);
    const liuyang = dictItemId(dict, 'teamMembers', '刘洋');
    // An approved project of one line managed by 刘洋 makes an order 待分配, due today (the board opens on this month).
    // A project offers its customer's props only.
    const customer = (
      await ok('demo', 'POST', '/api/data/partnerInfo/page', { pageNum: 1, pageSize: 5, keyword: '金缘珠宝' })
    ).list[0].id;
    const prop = (await ok('demo', 'POST', '/api/data/myProp/page', { pageNum: 1, pageSize: 50 })).list.find(
      (r: any) => r.standardPrice > 0 && r.enabled && Number(r.customerId) === Number(customer),
    );
    const project = await ok('demo', 'POST', '/api/data/propProject/add', {
      projectName: '通知走查项目',
      customerId: customer,
      processCode: await simplePropProcess(call),
      deliveryDate: today,
      managerId: liuyang,
      installRequired: true,
      address: '杭州市上城区东坡路7号',
      lines: [{ propId: prop.id, quantity: 1, storeName: '湖滨店' }],
      submit: true,
    });
    await approver(call, ['lisi', 'demo'])(project.id);
    expect((await ok('demo', 'GET', `/api/data/propProject/get?id=${project.id}`)).status).toBe('已通过');
    const order = (
      await ok('demo', 'POST', '/api/data/allocatePropOrders/page', {
        pageNum: 1,
        pageSize: 100,
        tab: 'pending',
        keyword: '通知走查项目',
      })
    ).list.find((o: any) => Number(o.projectId) === project.id);
    const code: string = order.code;
    const before = (await ok('liuyang', 'GET', '/api/notifications/unread')).count as number;

    // 催办 on the board, as the owner of the team.
    await openList(boss, '/propProgress');
    await poll(() => op(boss, code, '催办').count()).toBe(1);
    await op(boss, code, '催办').click();
    await dialogOf(boss, '催办').waitFor();
    await dialogItem(boss, '催办', '催办说明').locator('textarea').fill('开业在即，请今天内分配车间');
    for (let i = 0; ; i++) {
      const press = dialogOf(boss, '催办').getByRole('button', { name: /确\s*定/ });
      if (await press.isVisible()) await press.click({ timeout: 10_000 }).catch(() => {});
      await confirmOk(boss);
      if (
        await dialogOf(boss, '催办')
          .waitFor({ state: 'hidden', timeout: 15_000 })
          .then(
            () => true,
            () => false,
          )
      )
        break;
      if (i === 2) {
        await shot(boss, 'notifications-debug-urge');
        throw new Error(`催办: the dialog stayed open\n${await complaints(boss)}`);
      }
    }
    await poll(async () => (await ok('liuyang', 'GET', '/api/notifications/unread')).count).toBe(before + 1);

    // 刘洋's header: the bell counts it; the list shows it first, unread.
    await owner.goto(`${base()}/`);
    await poll(() => bellCount(owner)).toBe(before + 1);
    const bell = owner.getByTestId('notification-bell');
    const item = owner.getByTestId('notification-item').filter({ hasText: `订单催办：${code}` });
    for (let i = 0; i < 3 && !(await item.count()); i++) {
      if (!(await owner.getByTestId('notification-panel').isVisible())) await bell.click();
      await owner.waitForTimeout(500);
    }
    await expect.poll(() => item.innerText(), { timeout: 45_000 }).toContain('开业在即，请今天内分配车间');
    expect(await item.getAttribute('class')).toContain('yg-notice-unread');
    await shot(owner, 'notifications-01-list');

    // Clicking it opens the order on /propProgress in its drawer, and it counts as read.
    await item.click();
    await owner.waitForURL(/\/propProgress$/);
    await poll(() => drawerOf(owner).innerText()).toContain(code);
    await poll(() => bellCount(owner)).toBe(before);
    await shot(owner, 'notifications-02-opened');
    await drawerOf(owner)
      .locator('.ant-drawer-close')
      .first()
      .click()
      .catch(() => {});
    await poll(() => rowOf(owner, code).count()).toBeGreaterThan(0);

    // 全部已读: the bell shows no count; the list shows the item read.
    if (before > 0) {
      await bell.click();
      const all = owner.getByTestId('notification-read-all');
      await poll(() => all.isEnabled()).toBe(true);
      await all.click();
      await poll(() => bellCount(owner)).toBe(0);
      expect((await ok('liuyang', 'GET', '/api/notifications/unread')).count).toBe(0);
    }
  });
});
