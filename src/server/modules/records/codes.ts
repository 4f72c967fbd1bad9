// System codes: prefix + yyyyMMdd + a 4-digit per-tenant daily sequence, e.g. BX202611210001. The number is taken
// by the statement that stores the record (repository.ts insertNumbered): an upsert of record_sequences that
// increments atomically, so concurrent adds never share a code, and a creation rolled back gives its number back.

export function dayStamp(d = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}${p(d.getMonth() + 1)}${p(d.getDate())}`;
}

/** The moment whose day a new code carries: the context's today (the demo story's day) or now. */
export function codeMoment(today?: string): Date {
  if (!today) return new Date();
  const [y, m, d] = today.split('-').map(Number);
  return new Date(y, m - 1, d, 12);
}
