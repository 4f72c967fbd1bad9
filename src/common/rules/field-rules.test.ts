import { describe, expect, it } from 'vitest';
import type { FieldDef } from '../schema/types';
import {
  checkNumberRange,
  checkUploadCount,
  checkUploadSize,
  clampDimension,
  fieldError,
  isEmptyValue,
  maxLengthOf,
} from './field-rules';
import { Messages } from './messages';

const text = (extra: Partial<FieldDef> = {}): FieldDef => ({
  fieldName: 'name',
  titleName: '名称',
  fontendType: 'text',
  ...extra,
});

describe('required (requireAble)', () => {
  const f = text({ requireAble: true });
  it.each([[undefined], [null], [''], [[]]])('%j fails with {title}不能为空', (v) => {
    expect(fieldError(f, v)).toBe('名称不能为空');
  });
  it('number zero and false pass', () => {
    expect(fieldError({ ...f, fontendType: 'number' }, 0)).toBeNull();
    expect(fieldError({ ...f, fontendType: 'switch' }, false)).toBeNull();
  });
  it('optional empty passes every other rule', () => {
    expect(fieldError(text({ reg: '^\\d+$', regMsg: 'x' }), '')).toBeNull();
  });
  it('objects are empty when all parts are', () => {
    expect(isEmptyValue({ a: '', b: undefined })).toBe(true);
    expect(isEmptyValue({ a: 0 })).toBe(false);
  });
});

describe('reg / regMsg', () => {
  const f = text({ reg: '^1[3-9]\\d{9}$', regMsg: '请输入正确的手机号' });
  it('failure shows regMsg', () => expect(fieldError(f, '123')).toBe('请输入正确的手机号'));
  it('match passes', () => expect(fieldError(f, '13800138000')).toBeNull());
});

describe('idCard: the GB 11643 check character and birth date', () => {
  const f = text({ fontendType: 'idCard' });
  it('a valid number passes, a lower-case x too', () => {
    expect(fieldError(f, '11010519491231002X')).toBeNull();
    expect(fieldError(f, '11010519491231002x')).toBeNull();
  });
  it.each([['110105194912310021'], ['11010519491331002X'], ['1101051949123100']])('%s is refused', (v) => {
    expect(fieldError(f, v)).toBe('请输入正确的身份证号');
    expect(fieldError({ ...f, regMsg: '证件号不对' }, v)).toBe('证件号不对');
  });
});

describe('number ranges: four messages', () => {
  const num = (extra: Partial<FieldDef>): FieldDef => ({
    fieldName: 'q',
    titleName: '数量',
    fontendType: 'number',
    ...extra,
  });
  it('between min and max', () => {
    expect(fieldError(num({ min: 1, max: 10 }), 11)).toBe('请输入1-10之间的数字');
    expect(fieldError(num({ min: 1, max: 10 }), 0)).toBe('请输入1-10之间的数字');
    expect(fieldError(num({ min: 1, max: 10 }), 10)).toBeNull();
  });
  it('only min → greater than', () => expect(fieldError(num({ min: 5 }), 4)).toBe('请输入大于5的数字'));
  it('only max → less than', () => expect(fieldError(num({ max: 5 }), 6)).toBe('请输入小于5的数字'));
  it('not a number → the field is malformed', () => expect(fieldError(num({}), 'abc')).toBe('数量格式不正确'));
  it('regMsg replaces all four', () => {
    expect(fieldError(num({ min: 1, max: 2, regMsg: '自定义' }), 3)).toBe('自定义');
    expect(checkNumberRange('x', undefined, undefined, '自定义')).toBe('自定义');
  });
  it('text field with type number is range-checked too', () => {
    expect(fieldError(text({ type: 'number', max: 3 }), '4')).toBe('请输入小于3的数字');
  });
});

describe('max length', () => {
  it('defaults to 200 for text and textarea', () => {
    expect(maxLengthOf(text())).toBe(200);
    expect(fieldError(text(), 'a'.repeat(200))).toBeNull();
    expect(fieldError(text(), 'a'.repeat(201))).toBe('最大输入长度为200');
    expect(fieldError(text({ fontendType: 'textarea' }), '字'.repeat(201))).toBe('最大输入长度为200');
  });
  it('text-with-type select uses max when given; maxLength wins', () => {
    expect(fieldError(text({ type: 'select', max: 5 }), '123456')).toBe('最大输入长度为5');
    expect(fieldError(text({ maxLength: 3, max: 5 }), '1234')).toBe('最大输入长度为3');
  });
});

describe('two-text range', () => {
  const f: FieldDef = {
    fieldName: 'r',
    titleName: '范围',
    fontendType: 'twoText',
    fields: [
      { name: 'a', type: 'number' },
      { name: 'b', type: 'number' },
    ],
  };
  it('defaults to 0 … 9999999999', () => {
    expect(fieldError(f, { a: -1, b: 2 })).toBe('请输入0-9999999999之间的数字');
    expect(fieldError(f, { a: 1, b: 10000000000 })).toBe('请输入0-9999999999之间的数字');
    expect(fieldError(f, { a: 0, b: 9999999999 })).toBeNull();
  });
  it('text parts are not range-checked', () => {
    expect(fieldError({ ...f, fields: [{ name: 'a' }, { name: 'b' }] }, { a: '张三', b: '-1' })).toBeNull();
  });
});

describe('dimension clamping', () => {
  it('clamps below min (default 0) and above max with the warnings', () => {
    expect(clampDimension(-5, { name: 'length', label: '长' })).toEqual({ value: 0, warning: '长不能小于0' });
    expect(clampDimension(30000, { name: 'width', label: '宽', max: 20000 })).toEqual({
      value: 20000,
      warning: '宽不能大于20000',
    });
    expect(clampDimension(50, { name: 'height', label: '高', min: 1, max: 100 })).toEqual({ value: 50, warning: null });
    expect(clampDimension(0, { name: 'height', label: '高' }, { min: 1 })).toEqual({
      value: 1,
      warning: '高不能小于1',
    });
  });
  it('stored dimensions out of bounds fail validation', () => {
    const f: FieldDef = { fieldName: 'size', titleName: '尺寸', fontendType: 'dimension', min: 1, max: 20000 };
    expect(fieldError(f, { length: 0, width: 5, height: 5 })).toBe('长不能小于1');
    expect(fieldError(f, { length: 10, width: 5, height: 5 })).toBeNull();
  });
});

describe('uploads', () => {
  it('at most 10MB', () => {
    expect(checkUploadSize(10 * 1024 * 1024)).toBeNull();
    expect(checkUploadSize(10 * 1024 * 1024 + 1)).toBe('文件大小不能超过10MB');
  });
  it('more than the limit (default 1) is refused with the catalogue text', () => {
    expect(checkUploadCount(1)).toBeNull();
    expect(checkUploadCount(2)).toBe(Messages.uploadCountLimit);
    expect(checkUploadCount(6, 5)).toBe('最多只能上传5个文件');
    expect(
      fieldError({ fieldName: 'f', titleName: '附件', fontendType: 'upload' }, [{ url: '/a' }, { url: '/b' }]),
    ).toBe('最多只能上传1个文件');
  });
});
