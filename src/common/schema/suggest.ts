// "Did you mean …?" for a misspelt name in a page schema: the valid names closest to it, by edit distance
// (optimal string alignment: insertions, deletions, substitutions and swaps of two neighbours each cost one) or
// by a shared beginning. Shared by the schema checker and the meta-schema's messages, so no node-only imports.

/** Edits between `a` and `b`, an adjacent swap counting one; stops early once every path exceeds `limit`. */
export function editDistance(a: string, b: string, limit = Number.POSITIVE_INFINITY): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    rows.push(new Array<number>(b.length + 1).fill(0));
    rows[i][0] = i;
  }
  for (let j = 0; j <= b.length; j++) rows[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    let best = Number.POSITIVE_INFINITY;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2][j - 2] + 1);
      rows[i][j] = d;
      if (d < best) best = d;
    }
    if (best > limit) return limit + 1;
  }
  return rows[a.length][b.length];
}

/**
 * The valid names a misspelt `name` most likely meant: within two edits (one for a name of up to three letters; case
 * ignored), or sharing its beginning (`required` → `requireAble`), closest first, at most `max`.
 */
export function suggest(name: string, valid: Iterable<string>, max = 3): string[] {
  const lower = name.toLowerCase();
  // Two edits turn a short name into almost any other short one (入苦 → 出库): short names get one.
  const limit = lower.length <= 3 ? 1 : 2;
  const scored: [string, number][] = [];
  for (const v of new Set(valid)) {
    if (v === name || !v) continue;
    const l = v.toLowerCase();
    const d = editDistance(lower, l, limit);
    // A shared beginning counts as close, after every near spelling: one name begins the other, or they part only at
    // the shorter one's last letter (required → requireAble).
    let common = 0;
    while (common < lower.length && common < l.length && lower[common] === l[common]) common++;
    const prefix = common >= 3 && common >= Math.min(lower.length, l.length) - 1;
    if (d <= limit) scored.push([v, d]);
    else if (prefix) scored.push([v, 3 + Math.abs(l.length - lower.length) / 100]);
  }
  return scored
    .sort((x, y) => x[1] - y[1] || x[0].localeCompare(y[0]))
    .slice(0, max)
    .map(([v]) => v);
}

/** " (did you mean a, b?)" in the checker's words, or '' when there is nothing close. */
export function didYouMean(suggestions: readonly string[]): string {
  return suggestions.length ? `（是否应为 ${suggestions.join('、')}？did you mean ${suggestions.join(', ')}?）` : '';
}
