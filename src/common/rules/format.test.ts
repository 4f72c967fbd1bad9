import { describe, expect, it } from 'vitest';
import { daysInclusive, formatDate, formatMoney, formatPercent, formatPrice, round2, truncate } from './format';

describe('dates (§5)', () => {
  const ms = new Date(2024, 2, 5, 14, 7, 9).getTime();
  it('year-month-day, year-month, full date-time', () => {
    expect(formatDate(ms, 'date')).toBe('2024-03-05');
    expect(formatDate(ms, 'month')).toBe('2024-03');
    expect(formatDate(ms, 'dateTime')).toBe('2024-03-05 14:07:09');
    expect(formatDate('2024-03-05')).toBe('2024-03-05');
  });
  it('10-digit timestamps are seconds (number or string)', () => {
    const sec = Math.floor(ms / 1000);
    expect(formatDate(sec, 'dateTime')).toBe('2024-03-05 14:07:09');
    expect(formatDate(String(sec), 'date')).toBe('2024-03-05');
    expect(formatDate(String(ms), 'date')).toBe('2024-03-05');
  });
  it("instants with a zone (what the server sends) are China wall time, whatever the browser's zone", () => {
    expect(formatDate('2026-11-23T18:00:00.000Z', 'dateTime')).toBe('2026-11-24 02:00:00');
    expect(formatDate('2026-11-23T18:00:00.000Z', 'date')).toBe('2026-11-24');
    expect(formatDate('2026-11-24T10:00:00+08:00', 'dateTime')).toBe('2026-11-24 10:00:00');
    expect(formatDate(new Date(Date.UTC(2026, 0, 31, 16, 30)), 'dateTime')).toBe('2026-02-01 00:30:00');
    // Wall-time texts without a zone stay as they are.
    expect(formatDate('2026-11-24 09:30:00', 'dateTime')).toBe('2026-11-24 09:30:00');
  });
  it('empty and invalid give empty text', () => {
    for (const v of [undefined, null, '', 'not a date', {}, NaN]) expect(formatDate(v)).toBe('');
  });
  it('date range counts days inclusively', () => {
    expect(daysInclusive('2024-03-01', '2024-03-01')).toBe(1);
    expect(daysInclusive('2024-03-01', '2024-03-10')).toBe(10);
    expect(daysInclusive('2024-03-01', null)).toBeNull();
  });
});

describe('numbers (§9)', () => {
  it('percentages ×100 with 2 decimals', () => {
    expect(formatPercent(0.1234)).toBe('12.34%');
    expect(formatPercent('0.5')).toBe('50.00%');
    expect(formatPercent('')).toBe('');
  });
  it('money in yuan with two decimals', () => {
    expect(formatMoney(1234.5)).toBe('1,234.50');
    expect(formatMoney('88')).toBe('88.00');
    expect(formatMoney(null)).toBe('');
  });
  it('round to 2 decimals', () => {
    expect(round2(1.005)).toBe(1.01);
    expect(round2(2.344)).toBe(2.34);
    expect(round2(-1.005)).toBe(-1.01);
    expect(formatPrice('3.1')).toBe('3.10');
    expect(formatPrice('x')).toBe('');
  });
  it('truncates after 28 characters', () => {
    const s = '一'.repeat(29);
    expect(truncate(s)).toEqual({ text: `${'一'.repeat(28)}...`, truncated: true });
    expect(truncate('一'.repeat(28))).toEqual({ text: '一'.repeat(28), truncated: false });
  });
});
