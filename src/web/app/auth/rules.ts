import type { FormRule } from 'antd';
import type { RuleObject } from 'antd/es/form';
import { checkConfirm, checkNewPassword, checkPassword } from '../../../common/password';
import { PHONE, SMS_CODE, USERNAME } from '../../../common/patterns';

/** antd adapters over the shared rule functions of src/common (the same rules the server applies). */
function fromCheck(check: (value: unknown) => string | null): RuleObject {
  return {
    validator: (_rule, value) => {
      const msg = check(value);
      return msg ? Promise.reject(new Error(msg)) : Promise.resolve();
    },
  };
}

/** Old password, or a new password that has no old one to differ from (register, reset). */
export const passwordRules: FormRule[] = [fromCheck(checkPassword)];

/** New password: the password rules (common/password.ts) plus "不能与原密码一致" against the field holding the old password. */
export function newPasswordRules(oldField: string): FormRule[] {
  return [({ getFieldValue }) => fromCheck((v) => checkNewPassword(v, getFieldValue(oldField)))];
}

/** Confirmation: "请确认密码" / "两次输入的密码不一致" against the given field. */
export function confirmRules(field: string): FormRule[] {
  return [({ getFieldValue }) => fromCheck((v) => checkConfirm(v, getFieldValue(field)))];
}

export const usernameRules: FormRule[] = [
  { required: true, message: '请输入用户名' },
  { pattern: new RegExp(USERNAME.reg), message: USERNAME.regMsg },
];

export const mobileRules: FormRule[] = [
  { required: true, message: '请输入手机号' },
  { pattern: new RegExp(PHONE.reg), message: PHONE.regMsg },
];

export const smsCodeRules: FormRule[] = [
  { required: true, message: '请输入验证码' },
  { pattern: new RegExp(SMS_CODE.reg), message: SMS_CODE.regMsg },
];

export const PASSWORD_PLACEHOLDER = '请输入至少8位数字和字母组合';
