import { describe, expect, it } from 'vitest';
import {
  idCardBirthday,
  idCardCheckChar,
  idCardChecksumOk,
  idCardSex,
  isRealDate,
  isValidCreditCode,
  isValidIdCardNo,
  normaliseIdCardNo,
  parseIdCardNo,
  USCC_CHARSET,
  usccCheckChar,
} from './ids';

describe('GB 11643 citizen ID numbers', () => {
  it('accepts the published example 11010519491231002X and parses it', () => {
    expect(idCardCheckChar('11010519491231002')).toBe('X');
    expect(isValidIdCardNo('11010519491231002X')).toBe(true);
    expect(parseIdCardNo('11010519491231002X')).toEqual({
      idCardNo: '11010519491231002X',
      birthday: '1949-12-31',
      sex: '女',
      divisionCode: '110105',
    });
  });

  it('computes check characters for other numbers (0-9 and X)', () => {
    expect(idCardCheckChar('11010519800101001')).toBe('6');
    expect(idCardCheckChar('31011519991231123')).toBe('6');
    expect(idCardCheckChar('44030620000229456')).toBe('0');
    expect(idCardCheckChar('11010519900101103')).toBe('X');
    expect(idCardCheckChar('1101051949123100')).toBeNull();
    expect(idCardCheckChar('1101051949123100A')).toBeNull();
    for (const n of ['110105198001010016', '310115199912311236', '440306200002294560', '11010519900101103X']) {
      expect(isValidIdCardNo(n)).toBe(true);
    }
  });

  it('derives sex from the 17th digit: odd 男, even 女', () => {
    expect(idCardSex('110105198001010016')).toBe('男');
    expect(idCardSex('11010519900101103X')).toBe('男');
    expect(idCardSex('11010519491231002X')).toBe('女');
    expect(idCardSex('440306200002294560')).toBe('女');
    expect(idCardSex('12345')).toBeNull();
  });

  it('rejects a wrong check character, every single-digit change and malformed input', () => {
    expect(isValidIdCardNo('110105194912310021')).toBe(false);
    expect(idCardChecksumOk('110105194912310020')).toBe(false);
    const good = '110105198001010016';
    for (let i = 0; i < 17; i++) {
      const d = String((Number(good[i]) + 1) % 10);
      expect(isValidIdCardNo(good.slice(0, i) + d + good.slice(i + 1))).toBe(false);
    }
    // swapped neighbours (a typical typing error) are caught too
    expect(isValidIdCardNo('110105198010010016')).toBe(false);
    for (const bad of [
      '',
      '11010519491231002',
      '11010519491231002XX',
      '1101051949123100X2',
      '11010519491231002Y',
      'A1010519491231002X',
      '110105 1949-12-31 002X',
    ]) {
      expect(isValidIdCardNo(bad)).toBe(false);
      expect(parseIdCardNo(bad)).toBeNull();
    }
  });

  it('accepts a lower-case x and spaces, and normalises them', () => {
    expect(normaliseIdCardNo(' 110105 19491231 002x ')).toBe('11010519491231002X');
    expect(isValidIdCardNo('11010519491231002x')).toBe(true);
    expect(parseIdCardNo('11010519491231002x')?.idCardNo).toBe('11010519491231002X');
  });

  it('requires a real birth date even when the checksum matches', () => {
    // checksums computed for these bodies, so only the date makes them invalid
    expect(idCardChecksumOk('110105194902301234')).toBe(true); // 30 February
    expect(isValidIdCardNo('110105194902301234')).toBe(false);
    expect(idCardChecksumOk('110105190002291239')).toBe(true); // 1900 is not a leap year
    expect(isValidIdCardNo('110105190002291239')).toBe(false);
    expect(isValidIdCardNo('110105200002290021')).toBe(true); // 2000 is
    expect(idCardBirthday('110105200002290021')).toBe('2000-02-29');
    expect(idCardBirthday('110105194913310021')).toBeNull(); // month 13
    expect(isRealDate(2024, 2, 29)).toBe(true);
    expect(isRealDate(2023, 2, 29)).toBe(false);
    expect(isRealDate(2023, 4, 31)).toBe(false);
    expect(isRealDate(2023, 0, 1)).toBe(false);
  });
});

describe('GB 32100 unified social credit codes', () => {
  it('accepts the published example 91350100M000100Y43 and other real published codes', () => {
    expect(usccCheckChar('91350100M000100Y4')).toBe('3');
    for (const c of ['91350100M000100Y43', '91330100716105852F', '9144030071526726XG', '914403001922038216']) {
      expect(isValidCreditCode(c)).toBe(true);
    }
  });

  it('computes check characters, including the 31 → 0 case', () => {
    expect(usccCheckChar('91110000100000000')).toBe('R');
    expect(usccCheckChar('91440300MA5DCW3X8')).toBe('1');
    expect(usccCheckChar('12100000400000624')).toBe('D');
    expect(usccCheckChar('9135010000000000F')).toBe('0');
    expect(isValidCreditCode('9135010000000000F0')).toBe(true);
    expect(usccCheckChar('9135010000000000')).toBeNull();
    expect(usccCheckChar('9135010000000000I')).toBeNull();
  });

  it('uses exactly the 31 characters without I O Z S V', () => {
    expect(USCC_CHARSET).toHaveLength(31);
    for (const ch of 'IOZSV') expect(USCC_CHARSET.includes(ch)).toBe(false);
  });

  it('rejects wrong check characters, changed characters, forbidden letters and bad lengths', () => {
    expect(isValidCreditCode('91350100M000100Y44')).toBe(false);
    const good = '91350100M000100Y43';
    for (let i = 0; i < 17; i++) {
      const v = USCC_CHARSET.indexOf(good[i]);
      const changed = good.slice(0, i) + USCC_CHARSET[(v + 1) % 31] + good.slice(i + 1);
      expect(isValidCreditCode(changed)).toBe(false);
    }
    for (const bad of [
      '',
      '91350100M000100Y4',
      '91350100M000100Y433',
      '91350100O000100Y43',
      '9135010OM000100Y43',
      '91350100M000100I43',
    ]) {
      expect(isValidCreditCode(bad)).toBe(false);
    }
    // positions 3-8 are a division code: digits only
    const body = '913A0100M000100Y4';
    expect(isValidCreditCode(body + usccCheckChar(body))).toBe(false);
  });

  it('accepts lower case and spaces', () => {
    expect(isValidCreditCode('91350100m000100y43')).toBe(true);
    expect(isValidCreditCode(' 913501 00M000 100Y43 ')).toBe(true);
  });
});
