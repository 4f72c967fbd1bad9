// Password rules, shared by the change-password dialog, the register and reset screens and the server.

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;

export const PasswordMessages = {
  required: '请输入密码',
  tooShort: '密码长度至少8位',
  tooLong: '密码长度不能超过200位',
  sameAsOld: '不能与原密码一致',
  confirmRequired: '请确认密码',
  mismatch: '两次输入的密码不一致',
} as const;

/** Checks one password value: required, then length 8 to 200. Returns the message or null. */
export function checkPassword(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return PasswordMessages.required;
  const s = String(value);
  if (s.length < PASSWORD_MIN) return PasswordMessages.tooShort;
  if (s.length > PASSWORD_MAX) return PasswordMessages.tooLong;
  return null;
}

export function checkNewPassword(value: unknown, oldPassword?: unknown): string | null {
  const base = checkPassword(value);
  if (base) return base;
  if (oldPassword !== undefined && oldPassword !== '' && value === oldPassword) return PasswordMessages.sameAsOld;
  return null;
}

export function checkConfirm(value: unknown, newPassword: unknown): string | null {
  if (value === undefined || value === null || value === '') return PasswordMessages.confirmRequired;
  if (value !== newPassword) return PasswordMessages.mismatch;
  return null;
}

/** The change-password form, first failing message or null. */
export function validatePasswordChange(f: {
  password?: unknown;
  newPassword?: unknown;
  rePassword?: unknown;
}): string | null {
  return (
    checkPassword(f.password) ??
    checkNewPassword(f.newPassword, f.password) ??
    checkConfirm(f.rePassword, f.newPassword)
  );
}

/** A new password with its confirmation (register, reset). */
export function validateNewPasswordPair(f: { password?: unknown; rePassword?: unknown }): string | null {
  return checkPassword(f.password) ?? checkConfirm(f.rePassword, f.password);
}
