// What the Chromium suites do to a schema-driven page: find a drawer's or dialog's field by its label, a row by
// its text, pick a select's option, submit a drawer, call the API as a signed-in user. One copy for every suite,
// with waits sized for a loaded two-core machine (CI runs the API suites beside these).
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { shot, signedInPages, startRig, toastText, WAIT_MS, type E2eRig } from './helpers';
import { dictItemId } from '../helpers/test-app';

export const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: WAIT_MS, interval: 200 });

export const drawerOf = (p: Page) => p.locator('.ant-drawer-content:visible');
const labelled = (p: Page, within: Locator, label: string) =>
  within.locator('.ant-formily-item').filter({ has: p.locator(`label:text-is("${label}")`) });
/** A field of the open drawer, by its label. */
export const item = (p: Page, label: string) => labelled(p, drawerOf(p), label);
export const dialogOf = (p: Page, title: string) => p.locator('.ant-modal-content:visible', { hasText: title });
export const dialogItem = (p: Page, title: string, label: string) => labelled(p, dialogOf(p, title), label);
export const rowOf = (p: Page, text: string) => p.locator('.ant-table-tbody tr.ant-table-row', { hasText: text });
/** A row's operation button (the row may hold other 查看 links, e.g. a detail popover); antd spaces two-character labels. */
export const op = (p: Page, row: string, name: string) =>
  rowOf(p, row).locator('button', { hasText: new RegExp(`^${name.split('').join('\\s*')}$`) });

/**
 * Picks an option of a select (typing `search` first when given). On a loaded machine a click can land while the
 * options are being replaced: pick until the field shows the option, and never leave a dropdown open over the next
 * control.
 */
export async function choose(p: Page, where: Locator, option: string, search?: string): Promise<void> {
  for (let attempt = 0; attempt < 4 && !(await where.innerText()).includes(option); attempt++) {
    await where.locator('.ant-select').first().click();
    if (search) await p.keyboard.type(search);
    await p
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option })
      .first()
      .click({ timeout: 10_000 })
      .catch(() => undefined);
    await p.waitForTimeout(200);
  }
  await poll(() => where.innerText()).toContain(option);
  // A dropdown closing slowly would take the next click: let it close, else click the dialog's or drawer's title
  // (never Escape, which closes the dialog too).
  await p
    .locator('.ant-select-dropdown:visible')
    .first()
    .waitFor({ state: 'hidden', timeout: 5000 })
    .catch(() => p.locator('.ant-modal-title:visible, .ant-drawer-title:visible').last().click());
}

export async function typeDate(where: Locator, value: string): Promise<void> {
  await where.locator('input').fill(value);
  await where.locator('input').press('Enter');
}

/**
 * Types both ends of a date range picker (`inputs` = its two inputs), each confirmed with Enter, until both show
 * them. The pointer is moved off the calendar first: a day under it is previewed in the other end's input, and
 * typing there then lands after the preview (CI saw 「2026-11-122026-11-24」).
 */
export async function typeRange(p: Page, inputs: Locator, ends: [string, string]): Promise<void> {
  for (let round = 0; round < 3; round++) {
    for (const i of [0, 1]) {
      await p.mouse.move(0, 0);
      await inputs.nth(i).click();
      await inputs.nth(i).fill(ends[i]);
      await inputs.nth(i).press('Enter');
    }
    if ((await inputs.nth(0).inputValue()) === ends[0] && (await inputs.nth(1).inputValue()) === ends[1]) return;
  }
  await poll(async () => [await inputs.nth(0).inputValue(), await inputs.nth(1).inputValue()]).toEqual(ends);
}

/** What the page says went wrong: the form's field errors and the toasts. */
export async function complaints(p: Page): Promise<string> {
  const fields = await p
    .locator('.ant-formily-item-error-help:visible, .ant-form-item-explain-error:visible')
    .allInnerTexts();
  return [...fields, await toastText(p)].filter(Boolean).join('\n');
}

/** Opens a list route and waits for its first row or its empty placeholder. */
export function listOpener(base: () => string) {
  return async (p: Page, path: string) => {
    await p.goto(`${base()}${path}`);
    await p
      .locator('.ant-table-tbody tr.ant-table-row, .ant-table-placeholder')
      .first()
      .waitFor()
      .catch(async (e) => {
        await shot(p, 'e2e-debug-list');
        throw new Error(`${String(e)}\n${(await p.locator('body').innerText()).slice(0, 500)}`);
      });
  };
}

/** Presses the drawer's 提交 and waits for the drawer to close; if it stays, says why (field errors, toasts). */
export async function submitDrawer(p: Page, debugName = 'e2e-debug-drawer'): Promise<void> {
  await drawerOf(p)
    .getByRole('button', { name: /提\s*交/ })
    .click();
  await drawerOf(p)
    .waitFor({ state: 'hidden', timeout: WAIT_MS })
    .catch(async (e) => {
      await shot(p, debugName);
      throw new Error(`${String(e)}\n${await complaints(p)}`);
    });
}

/** Calls the API as a signed-in user of the suite (tokens by username). */
export function apiCaller(base: () => string, tokens: Record<string, string>) {
  return async (username: string, method: 'GET' | 'POST', url: string, data?: unknown) => {
    const res = await fetch(`${base()}${url}`, {
      method,
      headers: { Satoken: tokens[username], 'content-type': 'application/json' },
      body: data === undefined ? undefined : JSON.stringify(data),
    });
    return res.json() as Promise<{ status: number; message: string; data: any }>;
  };
}

/**
 * 道具项目 walk their 立项流程 (five stages, several approvers and 必交资料 in the demo). Suites about what an approved
 * project makes turn the demo's 道具 process into one stage 李四 approves without files, and answer its code for
 * the project's `processCode`.
 */
export async function simplePropProcess(call: ReturnType<typeof apiCaller>): Promise<string> {
  const list = (await call('demo', 'POST', '/api/data/projectInitiationProcess/page', { pageNum: 1, pageSize: 50 }))
    .data.list as { id: number; code: string; projectTypeName: string }[];
  const proc = list.find((x) => x.projectTypeName === '道具')!;
  const full = (await call('demo', 'GET', `/api/data/projectInitiationProcess/get?id=${proc.id}`)).data;
  const lisi = dictItemId(
    (await call('demo', 'POST', '/api/admin/sysmenuListFieldDict/queryByFieldKeys', ['teamMembers'])).data,
    'teamMembers',
    '李四',
  );
  const r = await call('demo', 'POST', '/api/data/projectInitiationProcess/update', {
    id: proc.id,
    projectType: full.projectType,
    processName: full.processName,
    enabled: true,
    lines: [
      { stageName: '立项申请', approverType: '指定人员', approverIds: [lisi], timeLimitDays: 2, requiredFiles: [] },
    ],
  });
  expect(r.status, r.message).toBe(200);
  return proc.code;
}

/** Agrees every open task of a record, asking each of `users` in turn, until none is left (it took effect). */
export function approver(call: ReturnType<typeof apiCaller>, users: string[]) {
  return async (id: number) => {
    for (let i = 0; i < 8; i++) {
      let acted = false;
      for (const u of users) {
        const task = (await call(u, 'GET', `/api/oa/task/findTaskIdByFormId?formId=${id}`)).data;
        if (!task?.taskId) continue;
        const r = await call(u, 'POST', '/api/oa/process/agree', {
          taskId: task.taskId,
          processInstanceId: task.processInstanceId,
          comments: '同意',
        });
        expect(r.status, r.message).toBe(200);
        acted = true;
        break;
      }
      if (!acted) return;
    }
  };
}

/**
 * The set-up every page-walking suite shares, called inside its describe: the rig started before the tests,
 * signed-in pages whose own console errors fail the test that made them, everything closed after; `call` and
 * `openList` go to the rig's server.
 */
export function pageSuite() {
  let rig: E2eRig | undefined;
  let base = '';
  const pages = signedInPages(() => rig!);
  beforeAll(async () => {
    rig = await startRig();
    base = rig.server.url;
  }, 240_000);
  afterEach(() => {
    expect(pages.errors, pages.errors.join('\n')).toEqual([]);
  });
  afterAll(async () => {
    await pages.close();
    await rig?.close();
  });
  const origin = () => base;
  return {
    pages,
    tokens: pages.tokens,
    base: origin,
    call: apiCaller(origin, pages.tokens),
    openList: listOpener(origin),
  };
}

/**
 * Agrees the confirmation dialog; clicks again only if it is still open (and not busy) after a fair wait. The
 * dialog may open a moment after the click that asks for it (a loaded machine): wait up to `appearMs` for it.
 */
export async function confirmOk(p: Page, ok: RegExp = /确\s*定/, appearMs = 10_000): Promise<void> {
  const modal = p.locator('.ant-modal-confirm:visible');
  if (appearMs)
    await modal
      .first()
      .waitFor({ timeout: appearMs })
      .catch(() => {});
  for (let i = 0; i < 3 && (await modal.count()); i++) {
    await modal
      .getByRole('button', { name: ok })
      .click({ timeout: 10_000 })
      .catch(() => {});
    if (
      await modal.waitFor({ state: 'hidden', timeout: 15_000 }).then(
        () => true,
        () => false,
      )
    )
      return;
  }
}
