// Calendar dates for days(), month(), addDays(), today(). Dates travel as text "YYYY-MM-DD" (longer ISO
// forms such as "2024-05-01 10:00" or "2024-05-01T10:00:00" use their date part as written, no time zone
// shift). Arithmetic is on whole UTC days so daylight-saving or the host's zone can never skew a count.

const DAY_MS = 86_400_000;
const DATE_PART = /^(\d{4})-(\d{2})-(\d{2})(?![\d])/;

/** Days since 1970-01-01 of a date text, or null when it is not a real calendar date. */
export function dayNumber(v: unknown): number | null {
  if (typeof v !== 'string') return null;
  const m = DATE_PART.exec(v);
  if (!m) return null;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  if (mo < 1 || mo > 12 || d < 1 || d > 31) return null;
  const t = new Date(0);
  t.setUTCFullYear(y, mo - 1, d); // unlike Date.UTC, keeps years 0–99 as written
  // 2024-02-30 rolls over into March: not a real date.
  if (t.getUTCMonth() !== mo - 1 || t.getUTCDate() !== d) return null;
  return Math.round(t.getTime() / DAY_MS);
}

/** "YYYY-MM-DD" of a day number, or null outside years 0000–9999. */
export function dateText(day: number): string | null {
  if (!Number.isSafeInteger(day)) return null;
  const t = new Date(day * DAY_MS);
  const y = t.getUTCFullYear();
  if (!(y >= 0 && y <= 9999)) return null;
  return `${String(y).padStart(4, '0')}-${String(t.getUTCMonth() + 1).padStart(2, '0')}-${String(t.getUTCDate()).padStart(2, '0')}`;
}
