// The field rules as plain functions over (field definition, value) → Chinese message or null.
// Used by the Formily renderer in the browser and by the server when it validates records.
import type { FieldDef, SubField } from '../schema/types';
import {
  DEFAULT_DIMENSION_FIELDS,
  DIMENSION_MIN,
  TEXT_MAX_LENGTH,
  TWO_TEXT_MAX,
  TWO_TEXT_MIN,
  UPLOAD_DEFAULT_LIMIT,
  UPLOAD_MAX_BYTES,
} from './constants';
import { fill, msg, RangeMessages, UPLOAD_COUNT_TEMPLATE } from './messages';
import { fieldTypeError } from './value-types';
import { isValidIdCardNo } from '../ids';

type Rule = (field: FieldDef, value: unknown) => string | null;

/** undefined, null, '' and [] are empty; 0 and false are values. Objects are empty when all parts are. */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object' && !(value instanceof Date)) {
    return Object.values(value as Record<string, unknown>).every(isEmptyValue);
  }
  return false;
}

export const requiredRule: Rule = (f, v) =>
  f.requireAble && isEmptyValue(v) ? msg('titleCannotBeEmpty', { title: f.titleName }) : null;

export const regRule: Rule = (f, v) => {
  if (!f.reg || isEmptyValue(v) || typeof v === 'object') return null;
  return new RegExp(f.reg).test(String(v)) ? null : (f.regMsg ?? msg('validNumber'));
};

/** A single number: a number field, or a text field typed as number (two-part fields check their parts instead). */
function isNumberField(f: FieldDef): boolean {
  return (
    f.fontendType === 'number' || (f.type === 'number' && f.fontendType !== 'twoText' && f.fontendType !== 'dimension')
  );
}

/** Range check with the four messages; a field's regMsg replaces them all. */
export function checkNumberRange(value: unknown, min?: number, max?: number, regMsg?: string): string | null {
  if (isEmptyValue(value)) return null;
  const n = typeof value === 'number' ? value : Number(String(value).trim());
  if (!Number.isFinite(n) || (typeof value === 'string' && value.trim() === '')) return regMsg ?? msg('validNumber');
  const hasMin = typeof min === 'number';
  const hasMax = typeof max === 'number';
  if (hasMin && hasMax && (n < min! || n > max!)) return regMsg ?? msg('numberBetween', { min: min!, max: max! });
  if (hasMin && !hasMax && n < min!) return regMsg ?? msg('numberGreater', { min: min! });
  if (hasMax && !hasMin && n > max!) return regMsg ?? msg('numberLess', { max: max! });
  return null;
}

/** Strict bounds of a number (`n` already a finite number): the message names `name`, e.g. 数量必须大于0. */
export function checkStrictRange(
  n: number,
  name: string,
  bounds: { exclusiveMinimum?: number; exclusiveMaximum?: number },
): string | null {
  const { exclusiveMinimum: above, exclusiveMaximum: below } = bounds;
  if (typeof above === 'number' && !(n > above)) return fill(RangeMessages.above, { name, min: above });
  if (typeof below === 'number' && !(n < below)) return fill(RangeMessages.below, { name, max: below });
  return null;
}

export const numberRule: Rule = (f, v) => {
  if (!isNumberField(f)) return null;
  const range = checkNumberRange(v, f.min, f.max, f.regMsg);
  if (range || isEmptyValue(v)) return range;
  const strict = checkStrictRange(Number(String(v).trim()), f.titleName, f);
  return strict && (f.regMsg ?? strict);
};

/** Maximum text length: maxLength, else max (text-with-type), else 200. */
export function maxLengthOf(f: FieldDef): number {
  return f.maxLength ?? (typeof f.max === 'number' ? f.max : TEXT_MAX_LENGTH);
}

export const maxLengthRule: Rule = (f, v) => {
  if ((f.fontendType !== 'text' && f.fontendType !== 'textarea') || isNumberField(f)) return null;
  if (isEmptyValue(v)) return null;
  const n = maxLengthOf(f);
  return Array.from(String(v)).length > n ? msg('maxInputLength', { n }) : null;
};

/** Numeric parts of a two-text field default to 0 … 9999999999. */
export const twoTextRule: Rule = (f, v) => {
  if (f.fontendType !== 'twoText' || !v || typeof v !== 'object') return null;
  for (const sub of f.fields ?? []) {
    if (sub.type !== 'number' && f.type !== 'number') continue;
    const err = checkNumberRange(
      (v as Record<string, unknown>)[sub.name],
      sub.min ?? f.min ?? TWO_TEXT_MIN,
      sub.max ?? f.max ?? TWO_TEXT_MAX,
      f.regMsg,
    );
    if (err) return err;
  }
  return null;
};

export function dimensionFields(f: FieldDef): SubField[] {
  return f.fields?.length ? f.fields : DEFAULT_DIMENSION_FIELDS.map((d) => ({ ...d }));
}

/** Clamps one dimension part to [min (default 0), max] and says why when it had to. */
export function clampDimension(
  value: number,
  sub: SubField,
  field?: Pick<FieldDef, 'min' | 'max'>,
): { value: number; warning: string | null } {
  const name = sub.label ?? sub.name;
  const min = sub.min ?? field?.min ?? DIMENSION_MIN;
  const max = sub.max ?? field?.max;
  if (value < min) return { value: min, warning: msg('nameNotLess', { name, min }) };
  if (typeof max === 'number' && value > max) return { value: max, warning: msg('nameNotGreater', { name, max }) };
  return { value, warning: null };
}

/** Stored dimensions must already lie inside their bounds (the input clamps; the server re-checks). */
export const dimensionRule: Rule = (f, v) => {
  if (f.fontendType !== 'dimension' || !v || typeof v !== 'object') return null;
  for (const sub of dimensionFields(f)) {
    const raw = (v as Record<string, unknown>)[sub.name];
    if (isEmptyValue(raw)) continue;
    const n = Number(raw);
    if (!Number.isFinite(n)) return msg('validNumber');
    const { warning } = clampDimension(n, sub, f);
    if (warning) return warning;
  }
  return null;
};

/** An ID-card field's number must pass GB 11643: its check character and a real birth date (the reg alone cannot). */
export const idCardRule: Rule = (f, v) => {
  if (f.fontendType !== 'idCard' || typeof v !== 'string') return null;
  return isValidIdCardNo(v) ? null : (f.regMsg ?? msg('idCardInvalid'));
};

/** One file's size: at most 10MB. */
export function checkUploadSize(sizeInBytes: number, maxBytes = UPLOAD_MAX_BYTES): string | null {
  return sizeInBytes > maxBytes ? msg('uploadSizeLimit') : null;
}

/** File count: more than the field's limit (default 1) is refused. */
export function checkUploadCount(count: number, limit = UPLOAD_DEFAULT_LIMIT): string | null {
  return count > limit ? fill(UPLOAD_COUNT_TEMPLATE, { n: limit }) : null;
}

export const uploadRule: Rule = (f, v) => {
  if (f.fontendType !== 'upload' && f.fontendType !== 'image') return null;
  if (!Array.isArray(v)) return null;
  return checkUploadCount(v.length, f.limit ?? UPLOAD_DEFAULT_LIMIT);
};

/**
 * The first failing rule of a field, or null. After `required`, a present value must have its type's
 * shape (a date field holds a real date, a number is finite…: rules/value-types.ts); empty optional
 * values pass everything else.
 */
export function fieldError(f: FieldDef, value: unknown): string | null {
  const req = requiredRule(f, value);
  if (req) return req;
  const shape = fieldTypeError(f, value);
  if (shape) return shape;
  if (isEmptyValue(value)) return null;
  for (const rule of [numberRule, regRule, idCardRule, maxLengthRule, twoTextRule, dimensionRule, uploadRule]) {
    const err = rule(f, value);
    if (err) return err;
  }
  return null;
}

/**
 * A field's message as a save's answer gives it, away from the form: it names the field's title, unless it already
 * does (报销人不能为空) — 电话：请输入正确的手机号, 冲借支金额：请输入0.01-500000之间的数字.
 */
export function namedFieldMessage(title: string, message: string): string {
  return message.includes(title) ? message : `${title}：${message}`;
}

/** fieldError named for an answer away from the form (a stage action's or generator's values). */
export function namedFieldError(f: FieldDef, value: unknown): string | null {
  const err = fieldError(f, value);
  return err && namedFieldMessage(f.titleName, err);
}
