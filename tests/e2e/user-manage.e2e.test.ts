// 用户管理 (/userManage) in Chromium: the owner disables a member with the 状态 switch (the member's next
// call is refused) and enables him again; adds a role in the editor (menu picked in the team's menu tree, its
// buttons, 仅本人); refuses a join request, the reason being required.
import { describe, expect, it } from 'vitest';
import { HAS_CHROMIUM, shot, toastText } from './helpers';
import { pageSuite, poll } from './page-kit';

if (!HAS_CHROMIUM) console.log('[e2e] /usr/bin/chromium not found: skipping the user management suite.');

describe.skipIf(!HAS_CHROMIUM)('user management end to end in Chromium', () => {
  const { pages, call, base } = pageSuite();

  it('the owner disables and enables a member, adds a role and refuses a join request with a reason', async () => {
    const boss = await pages.page('demo');
    await pages.page('huangwei');
    await pages.page('qianduo');
    expect((await call('huangwei', 'POST', '/api/data/reimburseManage/page', {})).status).toBe(200);

    await boss.goto(`${base()}/userManage`);
    const row = boss.locator('tr', { hasText: 'huangwei' });
    await row.waitFor();
    await expect(row.innerText()).resolves.toContain('138****0020');
    // 加入时间 reads like every date and time of the app (YYYY-MM-DD HH:mm:ss, China's clock), not the browser's 2025/11/22.
    expect((await row.locator('td').last().innerText()).trim()).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    await shot(boss, 'user-manage-members');
    await boss.getByLabel('huangwei-enabled').click();
    await poll(() => toastText(boss)).toContain('已禁用');
    await poll(() => boss.getByLabel('huangwei-enabled').getAttribute('aria-checked')).toBe('false');
    expect((await call('huangwei', 'POST', '/api/data/reimburseManage/page', {})).status).toBe(403);
    await boss.getByLabel('huangwei-enabled').click();
    await poll(() => toastText(boss)).toContain('已启用');
    await poll(() => boss.getByLabel('huangwei-enabled').getAttribute('aria-checked')).toBe('true');
    // The owner's switch is not offered.
    await expect(boss.getByLabel('demo-enabled').isDisabled()).resolves.toBe(true);

    // 角色: a new role with one menu, its buttons and 仅本人.
    await boss.getByRole('tab', { name: '角色' }).click();
    await boss.getByRole('button', { name: '新增角色' }).click();
    const drawer = boss.locator('.ant-drawer-content:visible');
    await drawer.getByLabel('角色名称').fill('质检员');
    await drawer.getByLabel('角色编码').fill('Bad-Code');
    await drawer.getByRole('button', { name: /确\s*定/ }).click();
    await poll(() => drawer.innerText()).toContain('以小写字母开头');
    await drawer.getByLabel('角色编码').fill('qc_staff');
    await drawer.locator('.ant-select-selector').first().click();
    await boss.keyboard.type('报销管理');
    await boss.locator('.ant-select-tree-title', { hasText: '报销管理' }).first().click();
    // Closes the dropdown (Escape would close the drawer).
    await drawer.locator('.ant-drawer-title').click();
    await drawer.getByRole('button', { name: '全选所选菜单的按钮' }).click();
    await poll(() => drawer.innerText()).toContain('报销管理·删除');
    await drawer.getByLabel('仅本人').check();
    await shot(boss, 'user-manage-role-editor');
    await drawer.getByRole('button', { name: /确\s*定/ }).click();
    await poll(() => toastText(boss)).toContain('角色已新增');
    const roleRow = boss.locator('tr', { hasText: 'qc_staff' });
    await poll(() => roleRow.innerText()).toContain('仅本人');
    const saved = (await call('demo', 'POST', '/api/team-admin/roles', {})).data.list.find(
      (r: { roleCode: string }) => r.roleCode === 'qc_staff',
    );
    expect(saved).toMatchObject({ roleName: '质检员', menuIds: ['reimburseManage'], dataScope: 'self' });
    expect(saved.permissionCodes).toContain('reimburseManage:delete');
    await shot(boss, 'user-manage-roles');

    // 加入申请: 钱多 (refused before) applies again; refusing needs a reason.
    expect(
      (
        await call('qianduo', 'POST', '/api/admin/applyjointenant/actionUserJoinTenant', {
          tenantCode: 'T00000001',
          remark: '再次申请',
        })
      ).status,
    ).toBe(200);
    await boss.getByRole('tab', { name: '加入申请' }).click();
    const req = boss.locator('tr', { hasText: 'qianduo' });
    await req.waitFor();
    await expect(req.innerText()).resolves.toContain('再次申请');
    await shot(boss, 'user-manage-requests');
    await req.getByRole('button', { name: '拒绝' }).click();
    const dialog = boss.locator('.ant-modal-content:visible');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await poll(() => dialog.locator('.ant-typography-danger').count()).toBe(1);
    await dialog.locator('textarea').fill('暂不招人');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await poll(() => toastText(boss)).toContain('已拒绝');
    await boss.getByText('已拒绝', { exact: true }).first().click();
    await poll(() => boss.locator('tr', { hasText: 'qianduo' }).innerText()).toContain('暂不招人');
  });
});
