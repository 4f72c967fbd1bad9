// Dates of played data, counted in days before today in China, so the demo's story stays a year long whenever it is
// seeded.
import { chinaInstant, todayInChina } from '../../common/china-time';

const DAY = 86_400_000;

/** The calendar date (YYYY-MM-DD, China) `n` days before today; negative n is in the future. */
export function dateAgo(n: number): string {
  return new Date(Date.parse(`${todayInChina()}T00:00:00Z`) - n * DAY).toISOString().slice(0, 10);
}

/** The instant `n` days ago at hh:mm, China time. */
export function at(n: number, hh = 9, mm = 30): Date {
  return chinaInstant(`${dateAgo(n)} ${String(hh).padStart(2, '0')}:${String(mm).padStart(2, '0')}:00`);
}

export const hours = (d: Date, h: number) => new Date(d.getTime() + h * 3_600_000);

/** Local noon of a China calendar date: what the code counter's day stamp (local time) reads as that date. */
export function localNoon(date: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(y, m - 1, d, 12);
}
