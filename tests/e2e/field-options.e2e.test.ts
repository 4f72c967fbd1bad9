// Field tuning (/fieldOption) in Chromium: the team's admin opens 字段配置, picks 报销管理 in the modules
// tree, renames 事由 and makes it optional, saves; the reimbursement drawer of his team follows at once (new label,
// no required mark) while another team's drawer is unchanged; the history shows the version and its change.
import { describe, expect, it } from 'vitest';
import { HAS_CHROMIUM, shot, toastText } from './helpers';
import { drawerOf, item, pageSuite, poll } from './page-kit';

if (!HAS_CHROMIUM) console.log('[e2e] /usr/bin/chromium not found: skipping the field options suite.');

describe.skipIf(!HAS_CHROMIUM)('field options end to end in Chromium', () => {
  const { pages, call, openList, base } = pageSuite();
  /** The add drawer of 报销管理: the label of the reason field and whether it is marked required. */
  const reasonField = async (p: import('playwright-core').Page, label: string) => {
    await openList(p, '/reimburseManage');
    await p.getByRole('button', { name: '新增报销' }).click();
    const f = item(p, label);
    await f.waitFor();
    const required = await f.locator('.ant-formily-item-asterisk').count();
    await drawerOf(p).locator('.ant-drawer-close').click();
    return required > 0;
  };

  it("the admin renames 事由 and makes it optional; his team's drawer follows at once, another team's does not", async () => {
    const boss = await pages.page('demo');
    // 李四 also runs a team of his own (created through the API), where nothing was tuned.
    const other = await pages.page('lisi');
    const made = await call('lisi', 'POST', '/api/admin/systenant/createTenant', {
      tenantName: '李四工作室',
      tenantType: 'individual',
    });
    expect(made.status, made.message).toBe(200);

    expect(await reasonField(boss, '事由')).toBe(true);

    await boss.goto(`${base()}/fieldOption`);
    await boss.locator('.ant-tree-title', { hasText: '报销管理' }).first().click();
    const name = boss.getByLabel('reason-titleName');
    await poll(() => name.inputValue()).toBe('事由');
    // Fields read by their titles and the kind of input by its name, not by the schema's keys.
    const table = await boss.locator('.ant-table').first().innerText();
    expect(table).toContain('多行文本');
    expect(table).not.toContain('reason · textarea');
    await name.fill('报销说明');
    await boss.getByLabel('reason-requireAble').click();
    await boss.getByRole('button', { name: /保\s*存/ }).click();
    await poll(() => toastText(boss)).toContain('字段配置已保存');
    await poll(() => boss.locator('.ant-tag', { hasText: '版本 1' }).count()).toBe(1);
    await shot(boss, 'field-options-editor');

    await boss.getByRole('button', { name: /历\s*史/ }).click();
    const history = boss.locator('.ant-drawer-content:visible');
    await poll(() => history.innerText()).toContain('事由 · 显示名称：— → 报销说明');
    await expect(history.innerText()).resolves.toContain('事由 · 必填：— → 否');
    await shot(boss, 'field-options-history');
    await history.locator('.ant-drawer-close').click();

    // The team's reimbursement drawer: the new label, not required.
    expect(await reasonField(boss, '报销说明')).toBe(false);
    await shot(boss, 'field-options-drawer');
    // Another team: unchanged.
    expect(await reasonField(other, '事由')).toBe(true);
    expect(await item(other, '报销说明').count()).toBe(0);
  });
});
