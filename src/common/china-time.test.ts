import { describe, expect, it } from 'vitest';
import { chinaInstant, chinaWallText, nowInChina, todayInChina } from './china-time';

describe('China time', () => {
  it("turns at China's midnight (16:00 UTC), not at the host's", () => {
    expect(todayInChina(new Date(Date.UTC(2024, 4, 10, 15, 59)))).toBe('2024-05-10');
    expect(todayInChina(new Date(Date.UTC(2024, 4, 10, 16, 0)))).toBe('2024-05-11');
    expect(todayInChina(new Date(Date.UTC(2024, 11, 31, 17, 0)))).toBe('2025-01-01');
  });

  it('shows an instant as China wall time, whole or cut to a length', () => {
    const at = Date.UTC(2026, 10, 24, 2, 5, 9);
    expect(chinaWallText(at)).toBe('2026-11-24 10:05:09');
    expect(chinaWallText(new Date(at), 16)).toBe('2026-11-24 10:05');
    expect(nowInChina(16, new Date(at))).toBe('2026-11-24 10:05');
  });

  it('reads a China date or date-time text back as its instant', () => {
    expect(chinaInstant('2026-11-01').toISOString()).toBe('2026-10-31T16:00:00.000Z');
    expect(chinaInstant('2026-11-01 09:30').toISOString()).toBe('2026-11-01T01:30:00.000Z');
    expect(chinaInstant('2026-11-01T09:30:15').toISOString()).toBe('2026-11-01T01:30:15.000Z');
    expect(chinaWallText(chinaInstant('2026-11-01 09:30:15'))).toBe('2026-11-01 09:30:15');
    expect(Number.isNaN(chinaInstant('not a date').getTime())).toBe(true);
  });
});
