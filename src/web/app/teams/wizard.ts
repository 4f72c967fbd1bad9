// The onboarding wizards' state (kept in sessionStorage so a reload loses nothing) and their checks.
import type { FormRule } from 'antd';
import { isValidCreditCode, isValidIdCardNo, normaliseCreditCode, normaliseIdCardNo } from '../../../common/ids';
import type { TenantType } from '../../api/team';

export interface WizardState {
  type?: TenantType;
  tenantName?: string;
  logoUrl?: string;
  /** The team's industry (行业模块): its default mode and seed dictionaries. */
  industryCode?: string;
  industryName?: string;
  // individual: the owner's identity
  idCardUrl?: string;
  idCardNo?: string;
  birthday?: string;
  sex?: string;
  provinceCityRegion?: string;
  idCardName?: string;
  address?: string;
  ocrMessage?: string;
  // enterprise: licence and legal representative
  licenseUrl?: string;
  creditCode?: string;
  companyName?: string;
  licenseRecognised?: boolean;
  legalPerson?: string;
  legalPersonIdNo?: string;
  authorizationUrl?: string;
  confirmed?: boolean;
  /** Set once the team exists, so a reload of the submit screen does not create it twice. */
  createdCode?: string;
}

export const WIZARD_KEY = 'teamWizard';

export function getWizard(): WizardState {
  try {
    const raw = sessionStorage.getItem(WIZARD_KEY);
    const v = raw ? JSON.parse(raw) : {};
    return v && typeof v === 'object' ? v : {};
  } catch {
    return {};
  }
}

export function saveWizard(patch: Partial<WizardState>): WizardState {
  const next = { ...getWizard(), ...patch };
  try {
    sessionStorage.setItem(WIZARD_KEY, JSON.stringify(next));
  } catch {
    /* storage may be unavailable */
  }
  return next;
}

/** Starts a wizard of the given type, keeping what was entered when it is the same type. */
export function startWizard(type: TenantType): WizardState {
  const w = getWizard();
  if (w.type === type && !w.createdCode) return w;
  try {
    sessionStorage.setItem(WIZARD_KEY, JSON.stringify({ type }));
  } catch {
    /* ignore */
  }
  return { type };
}

export function clearWizard(): void {
  try {
    sessionStorage.removeItem(WIZARD_KEY);
  } catch {
    /* ignore */
  }
}

// ---------------------------------------------------------------- checks (pure: message or null)

export const ID_CARD_REG = /^[1-9]\d{5}(18|19|20)\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])\d{3}[\dXx]$/;
export const CREDIT_CODE_REG = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/;
export const BANK_CARD_REG = /^[1-9]\d{15,18}$/;
export const TEAM_CODE_REG = /^T\d{8}$/;
const PERSON_NAME_REG = /^(?:[\u4e00-\u9fa5·]{2,20}|[A-Za-z][A-Za-z .]{1,39})$/;

export const Msg = {
  teamNameRequired: '请输入团队名称',
  teamNameTooLong: '团队名称不能超过50个字',
  idCardRequired: '请输入身份证号码',
  idCardFormat: '请输入正确的身份证号码',
  idCardChecksum: '身份证号码校验不通过，请核对',
  creditRequired: '请输入统一社会信用代码',
  creditFormat: '请输入正确的统一社会信用代码',
  creditChecksum: '统一社会信用代码校验不通过，请核对',
  nameRequired: '请输入姓名',
  nameFormat: '请输入正确的姓名',
  companyRequired: '请输入企业名称',
  legalRequired: '请输入法定代表人姓名',
  addressRequired: '请输入住址',
  bankCardRequired: '请输入银行卡号',
  bankCardFormat: '请输入正确的银行卡号',
  teamCodeRequired: '请输入团队编号',
  teamCodeFormat: '团队编号为 T 加 8 位数字，如 T00000001',
  idPhotoRequired: '请上传身份证人像面照片',
  licenseRequired: '请上传营业执照照片',
  authorizationRequired: '请上传法人授权书',
  confirmRequired: '请确认以上信息真实有效',
} as const;

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

export function checkTeamName(v: unknown): string | null {
  const s = text(v);
  if (!s) return Msg.teamNameRequired;
  if (s.length > 50) return Msg.teamNameTooLong;
  return null;
}

export function checkIdCardNo(v: unknown): string | null {
  const s = normaliseIdCardNo(text(v));
  if (!s) return Msg.idCardRequired;
  if (!ID_CARD_REG.test(s)) return Msg.idCardFormat;
  if (!isValidIdCardNo(s)) return Msg.idCardChecksum;
  return null;
}

export function checkCreditCode(v: unknown): string | null {
  const s = normaliseCreditCode(text(v));
  if (!s) return Msg.creditRequired;
  if (!CREDIT_CODE_REG.test(s)) return Msg.creditFormat;
  if (!isValidCreditCode(s)) return Msg.creditChecksum;
  return null;
}

export function checkPersonName(v: unknown, required: string = Msg.nameRequired): string | null {
  const s = text(v);
  if (!s) return required;
  if (!PERSON_NAME_REG.test(s)) return Msg.nameFormat;
  return null;
}

export function checkBankCardNo(v: unknown): string | null {
  const s = text(v).replace(/\s+/g, '');
  if (!s) return Msg.bankCardRequired;
  if (!BANK_CARD_REG.test(s)) return Msg.bankCardFormat;
  return null;
}

export function checkTeamCode(v: unknown): string | null {
  const s = text(v).toUpperCase();
  if (!s) return Msg.teamCodeRequired;
  if (!TEAM_CODE_REG.test(s)) return Msg.teamCodeFormat;
  return null;
}

export function checkRequired(message: string) {
  return (v: unknown) => (text(v) ? null : message);
}

/** An antd rule from a check function (checked on blur and on submit). */
export function rule(check: (v: unknown) => string | null): FormRule {
  return {
    validator: (_r, value) => {
      const msg = check(value);
      return msg ? Promise.reject(new Error(msg)) : Promise.resolve();
    },
  };
}
