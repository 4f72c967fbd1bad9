// China time, the one home of its offset. The product's teams are Chinese companies: their business day and wall
// clock are China time (UTC+8 all year, no daylight saving), the same on the server and in any browser whatever the
// host's zone. Code that turns an instant into China's calendar or wall clock, or back, goes through here.

/** China's offset from UTC in milliseconds. */
export const CHINA_OFFSET_MS = 8 * 3_600_000;
/** The same offset as ISO text, appended to a China wall-time text to make it an instant (2026-11-01T09:00+08:00). */
export const CHINA_UTC_OFFSET = '+08:00';
/** China's zone by name, for SQL's AT TIME ZONE. */
export const CHINA_TIME_ZONE = 'Asia/Shanghai';

/** The China wall time of an instant as YYYY-MM-DD HH:mm:ss (or its first `length` characters). */
export function chinaWallText(at: Date | number, length = 19): string {
  const ms = typeof at === 'number' ? at : at.getTime();
  return new Date(ms + CHINA_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ').slice(0, length);
}

/** The current China time as YYYY-MM-DD HH:mm:ss (or its first `length` characters). */
export function nowInChina(length = 19, at = new Date()): string {
  return chinaWallText(at, length);
}

/** Today in China time as YYYY-MM-DD, whatever the host's zone. */
export function todayInChina(now = new Date()): string {
  return chinaWallText(now, 10);
}

/**
 * The instant of a China wall-time text: a date (YYYY-MM-DD, its midnight) or a date-time (YYYY-MM-DD HH:mm[:ss],
 * with a space or a T). An invalid text gives an invalid Date, as new Date does.
 */
export function chinaInstant(text: string): Date {
  return new Date(
    text.length <= 10 ? `${text}T00:00:00${CHINA_UTC_OFFSET}` : `${text.replace(' ', 'T')}${CHINA_UTC_OFFSET}`,
  );
}

/**
 * An instant — a Date, epoch milliseconds, or an ISO text with its zone (2025-01-02T03:04:05.000Z) — as China wall
 * time (the first `length` characters of YYYY-MM-DD HH:mm:ss); null for anything else, such as a form's date text.
 */
export function instantInChina(v: unknown, length = 19): string | null {
  const zoned = typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}.*(Z|[+-]\d{2}:?\d{2})$/.test(v);
  const ms = v instanceof Date ? v.getTime() : typeof v === 'number' ? v : zoned ? Date.parse(v as string) : NaN;
  return Number.isFinite(ms) ? chinaWallText(ms, length) : null;
}
