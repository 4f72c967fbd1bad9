/** Shared regexes with their messages. */
export const PHONE = { reg: '^1[3-9]\\d{9}$', regMsg: '请输入正确的手机号' };
export const USERNAME = { reg: '^[A-Za-z][A-Za-z0-9_]{3,19}$', regMsg: '用户名为4-20位字母、数字或下划线，以字母开头' };
export const SMS_CODE = { reg: '^\\d{6}$', regMsg: '请输入6位验证码' };

export function matches(p: { reg: string }, value: unknown): boolean {
  return typeof value === 'string' && new RegExp(p.reg).test(value);
}
