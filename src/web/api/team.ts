import { api, request } from './client';
import { storeUser, StorageKeys, type StoredUser } from './session';
import type { MenuNode } from '../../common/menu';
import type { IdCardOcrResult, LicenseOcrResult } from '../../common/ocr-results';

/** Team, menu, upload, OCR and personal-centre calls. */

export type TenantType = 'individual' | 'enterprise';

export interface TeamItem {
  tenantCode: string;
  tenantName: string;
  logoUrl?: string | null;
  tenantType: TenantType;
  current?: boolean;
  isOwner?: boolean;
  isAdmin?: boolean;
}

export type { MenuNode };

export interface MenuAnswer {
  menuTree: MenuNode[];
  permissions: string[];
}

export type MemberStatus = 'normal' | 'quit' | 'pending' | 'refused' | 'invited';

export interface TeamSummary {
  tenantCode: string;
  tenantName: string;
  tenantType: TenantType;
  logoUrl?: string | null;
  memberCount: number;
  myStatus: MemberStatus | null;
  inviterName?: string;
}

export interface MyApplication {
  tenantCode: string;
  tenantName: string;
  tenantType: TenantType;
  logoUrl?: string | null;
  status: MemberStatus;
  remark?: string;
  updatedAt: string;
}

export interface JoinRequest {
  userId: number;
  username: string;
  nickName?: string;
  mobile?: string;
  status: MemberStatus;
  remark?: string;
  createdAt: string;
}

export interface ShareLink {
  code: string;
  url: string;
  qrCode: string;
  expiresAt: string;
}

export interface UploadedFile {
  filePath: string;
  url: string;
  name: string;
}

/** The OCR answers, as the server's providers give them. */
export type IdCardOcr = IdCardOcrResult;
export type LicenseOcr = LicenseOcrResult;

export interface CreateTeamPayload {
  tenantName: string;
  tenantType: TenantType;
  logoUrl?: string;
  verification?: Record<string, string>;
  industryCode?: string;
}

export interface BankCard {
  id: number;
  bankName: string;
  bankCardNo: string;
  accountName: string;
  isDefault: boolean;
}

export interface DeactivateImpact {
  ownedTeams: { tenantCode: string; tenantName: string }[];
  memberTeams: { tenantCode: string; tenantName: string }[];
}

export const teamApi = {
  myTeams: (opts: { background?: boolean } = {}) =>
    api.get<TeamItem[]>(
      'admin/systenant/getSysTenantByUserId',
      opts.background ? { noLoading: true, silent: true } : undefined,
    ),
  switchTenant: (tenantCode: string) =>
    api.get<MenuAnswer & { user: StoredUser }>('admin/login/switchTenants', { searchParams: { tenantCode } }),
  /** Fetched in the background on entering the protected area: no mask. */
  menuTree: () => api.get<MenuAnswer>('admin/sysmenu/getMenuTreeByUserId', { noLoading: true, silent: true }),
  createTeam: (p: CreateTeamPayload) =>
    api.post<MenuAnswer & { tenantCode: string }>('admin/systenant/createTenant', p),
  queryJoin: (tenantCode: string) => api.post<TeamSummary>('admin/applyjointenant/queryJoinTenantById', { tenantCode }),
  apply: (tenantCode: string, remark: string) =>
    api.post<{ status: MemberStatus }>('admin/applyjointenant/actionUserJoinTenant', { tenantCode, remark }),
  myApplications: () => api.get<MyApplication[]>('admin/applyjointenant/myApplications'),
  requests: (opts: { background?: boolean } = {}) =>
    api.post<{ list: JoinRequest[]; total: number }>(
      'admin/applyjointenant/requestPage',
      { status: 'pending' },
      opts.background ? { noLoading: true, silent: true } : undefined,
    ),
  decide: (userId: number, approve: boolean, remark?: string) =>
    api.post<{ status: MemberStatus }>('admin/applyjointenant/decide', { userId, approve, remark }),
  invite: (mobile: string) => api.post<null>('admin/applyjointenant/invite', { mobile }),
  respondInvite: (tenantCode: string, accept: boolean) =>
    api.post<{ status: MemberStatus }>('admin/applyjointenant/respondInvite', { tenantCode, accept }),
  quit: (tenantCode: string) => api.post<null>('admin/applyjointenant/quitTenant', { tenantCode }),
  createShareLink: () => api.post<ShareLink>('admin/systenant/createShareLink'),
  queryShare: (code: string) => api.post<TeamSummary>('admin/applyjointenant/queryShare', { code }),
  members: () =>
    api.get<{ id: number; nickName: string; username: string; isAdmin: boolean }[]>('admin/sysuser/getTenantUserName'),
  /** OCR may not recognise a photo; the screen then asks for manual input, so failures stay quiet. */
  idCardOcr: (url: string) =>
    api.post<IdCardOcr>('admin/systenant/idCardOcr', { url }, { silent: true, timeout: 60000 }),
  businessLicense: (url: string) =>
    api.post<LicenseOcr>('admin/systenant/businessLicense', { url }, { silent: true, timeout: 60000 }),
};

export function uploadFile(file: Blob, name: string): Promise<UploadedFile> {
  const form = new FormData();
  form.append('multipartFile', file, name);
  return request<UploadedFile>('POST', '/admin/fileUtil/uploadFile', { body: form, timeout: 60000 });
}

export const profileApi = {
  updateProfile: (p: { nickName?: string; avatar?: string }) => api.post<null>('admin/sysuser/updateProfile', p),
  sendBindCode: (mobile: string) =>
    api.get<null>('admin/captcha/getSmsCaptcha', { searchParams: { mobile, scene: 'bind' } }),
  changeMobile: (mobile: string, code: string) => api.post<null>('admin/sysuser/changeMobile', { mobile, code }),
  bankCards: () => api.post<BankCard[]>('admin/userBankInfo/bankInfoList'),
  addBankCard: (c: Omit<BankCard, 'id'>) => api.post<null>('admin/userBankInfo/add', c),
  updateBankCard: (c: BankCard) => api.post<null>('admin/userBankInfo/updateUserBankInfo', c),
  deleteBankCard: (id: number) => api.post<null>('admin/userBankInfo/delete', { id }),
  deactivateImpact: () => api.get<DeactivateImpact>('admin/sysuser/deactivateImpact'),
  deactivate: (password: string) => api.post<DeactivateImpact>('admin/sysuser/deactivate', { password }),
};

// ---------------------------------------------------------------- the cached menu tree

export const MENU_TREE_KEY = 'menuTree';
/** Open submenus of the sidebar (the "active menu"), cleared on a team switch. */
export const ACTIVE_MENU_KEY = 'activeMenu';
/** A message to show once after a full reload (e.g. 切换成功). */
export const FLASH_KEY = 'flashMessage';

export function getStoredMenuTree(): MenuNode[] {
  try {
    const raw = localStorage.getItem(MENU_TREE_KEY);
    const v = raw ? JSON.parse(raw) : [];
    return Array.isArray(v) ? v : [];
  } catch {
    return [];
  }
}

export function storeMenu(answer: Partial<MenuAnswer>): void {
  if (answer.menuTree) localStorage.setItem(MENU_TREE_KEY, JSON.stringify(answer.menuTree));
  if (answer.permissions) localStorage.setItem(StorageKeys.permissions, JSON.stringify(answer.permissions));
}

export function clearActiveMenu(): void {
  try {
    sessionStorage.removeItem(ACTIVE_MENU_KEY);
  } catch {
    /* storage may be unavailable */
  }
}

/** Stores what a team switch (or a new team) answers: menu tree, permissions and the reloaded user. */
export function storeSwitch(answer: Partial<MenuAnswer> & { user?: StoredUser }): void {
  storeMenu(answer);
  if (answer.user) storeUser({ ...answer.user, permissions: answer.permissions ?? answer.user.permissions });
  clearActiveMenu();
}

/** Full page loads go through here so tests can watch them (jsdom cannot navigate). */
export const pageLoader = {
  reloadAt(path: string): void {
    window.location.assign(path);
  },
};
