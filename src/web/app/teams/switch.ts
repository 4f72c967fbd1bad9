import { accountApi } from '../../api/account';
import { storeUser } from '../../api/session';
import { FLASH_KEY, pageLoader, storeSwitch, teamApi, type MenuAnswer } from '../../api/team';

export const SWITCHED = '切换成功';

/** Shown once after the next full page load (a reload would wipe a toast shown now). */
export function setFlash(text: string): void {
  try {
    sessionStorage.setItem(FLASH_KEY, text);
  } catch {
    /* ignore */
  }
}

export function takeFlash(): string | null {
  try {
    const v = sessionStorage.getItem(FLASH_KEY);
    if (v) sessionStorage.removeItem(FLASH_KEY);
    return v;
  } catch {
    return null;
  }
}

/**
 * Team switch: fetch the menu tree, reload the user, clear the active menu,
 * show 切换成功, reload at /. Throws (after the client showed why) when the server refuses.
 */
export async function switchTeam(tenantCode: string, notify: (text: string) => void): Promise<void> {
  const answer = await teamApi.switchTenant(tenantCode);
  storeSwitch(answer);
  notify(SWITCHED);
  setFlash(SWITCHED);
  pageLoader.reloadAt('/');
}

/** After a team was created the session is already on it: store its menu and user, then enter it. */
export async function enterNewTeam(answer: MenuAnswer, text: string): Promise<void> {
  storeSwitch(answer);
  try {
    storeUser({ ...(await accountApi.getSysUser()), permissions: answer.permissions });
  } catch {
    /* the reload fetches the user again */
  }
  setFlash(text);
  pageLoader.reloadAt('/');
}
