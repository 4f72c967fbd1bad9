// Computed fields declared in a page schema with `compute`: {"sumOf": "<line column>"} sums the line items,
// {"difference": ["a", "b"]} is a − b. The server stores what this computes; the form shows the same live.
import type { FieldDef } from './schema/types';

const round2 = (n: number) => Math.round(n * 100) / 100;
const num = (v: unknown) => {
  // Plain decimals only: '1e5' or '0x10' is not a number here (the record rules refuse them).
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^-?(\d+\.?\d*|\.\d+)$/.test(v) ? Number(v) : NaN;
  return Number.isFinite(n) ? n : 0;
};

/** Returns a copy of `data` with every computed field filled in, in declaration order. */
export function applyComputed(fields: FieldDef[], data: Record<string, unknown>, lines: Record<string, unknown>[]): Record<string, unknown> {
  const out = { ...data };
  for (const f of fields) {
    const p = (f.compute ?? {}) as { sumOf?: unknown; difference?: unknown };
    if (typeof p.sumOf === 'string') {
      out[f.fieldName] = round2(lines.reduce((s, l) => s + num(l[p.sumOf as string]), 0));
    } else if (Array.isArray(p.difference) && p.difference.length === 2) {
      const [a, b] = p.difference as string[];
      out[f.fieldName] = round2(num(out[a]) - num(out[b]));
    }
  }
  return out;
}
