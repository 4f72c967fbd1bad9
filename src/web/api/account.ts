import { api } from './client';
import type { StoredUser } from './session';

/** Typed account calls. */

export type SmsScene = 'register' | 'login' | 'reset';

export interface SysUser extends StoredUser {
  id: string | number;
  permissions: string[];
}

export interface LoginResult {
  token: string;
  user: SysUser;
  expiresAt?: string | number;
}

export type LoginPayload =
  | { loginType: 'password'; username: string; password: string; remember?: boolean }
  | { loginType: 'sms'; mobile: string; code: string; remember?: boolean };

export interface RegisterPayload {
  username: string;
  mobile: string;
  code: string;
  password: string;
  rePassword: string;
}

export interface UpdatePasswordPayload {
  username: string;
  password: string;
  newPassword: string;
  rePassword: string;
}

export interface RetrievePasswordPayload {
  username: string;
  mobile: string;
  code: string;
  newPassword: string;
  rePassword: string;
}

export interface QrCode {
  ticket: string;
  /** PNG data URL of the confirm link for this ticket. */
  qrCode: string;
  expiresAt: string | number;
  /** Seconds the ticket stays valid, counted from the answer (immune to clock skew). */
  expiresIn?: number;
}

export type QrState = 'pending' | 'confirmed' | 'expired';

/** Who asked for a QR login: shown on the phone before it agrees. */
export interface QrTicketInfo {
  device: string;
  place: string;
  requestedAt: string;
}

export interface QrStatus {
  status: QrState;
  token?: string;
  user?: SysUser;
  expiresAt?: string | number;
}

export const accountApi = {
  sendSmsCode: (mobile: string, scene: SmsScene) =>
    api.get<unknown>('admin/captcha/getSmsCaptcha', { searchParams: { mobile, scene } }),
  register: (p: RegisterPayload) => api.post<LoginResult>('admin/sysuser/registerAccountInitial', p),
  login: (p: LoginPayload) => api.post<LoginResult>('admin/login/user', p),
  getSysUser: () => api.get<SysUser>('admin/sysuser/getSysUser'),
  updatePassword: (p: UpdatePasswordPayload) => api.post<unknown>('admin/sysuserdetail/updatePassword', p),
  retrievePassword: (p: RetrievePasswordPayload) =>
    api.post<unknown>('admin/sysuserdetail/retrievePasswordByUsername', p),
  /** Logging out must work even when the session is already gone, so it stays silent. */
  logout: () => api.post<unknown>('admin/login/logout', undefined, { silent: true }),
  /** A new ticket; `replace` names the ticket on screen, which the server then refuses to confirm. */
  generateQrCode: (replace?: string) =>
    api.get<QrCode>('admin/wechat/generateAWeChatQRCode', replace ? { searchParams: { replace } } : undefined),
  /** Polled every 2 s in the background: no mask, no toast on a failed poll. */
  qrStatus: (ticket: string, signal?: AbortSignal) =>
    api.get<QrStatus>('admin/wechat/qrStatus', { searchParams: { ticket }, noLoading: true, silent: true, signal }),
  /** Silent, like the confirm: a ticket that cannot be confirmed is explained in the page. */
  qrTicket: (ticket: string) =>
    api.get<QrTicketInfo>('admin/wechat/qrTicket', { searchParams: { ticket }, silent: true }),
  /** Silent: the confirm page shows why a ticket was refused in the page itself. */
  confirmQrLogin: (ticket: string) => api.post<unknown>('admin/wechat/confirmQrLogin', { ticket }, { silent: true }),
};
