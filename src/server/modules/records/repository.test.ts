import { describe, expect, it } from 'vitest';
import { caseless } from './repository';

// A keyword walk uses LIKE instead of ILIKE only for a word that no case can change: the same rows either way.
describe('caseless', () => {
  it('holds for Chinese, digits and punctuation, not for a word with a letter that has a case', () => {
    for (const w of ['上海展会', '第12号', '—（）', '¥1,000.00', 'の']) expect(caseless(w), w).toBe(true);
    for (const w of ['KW常见', 'kw', 'ß', 'Σ', 'ǅ', '上海A']) expect(caseless(w), w).toBe(false);
  });

  it('leaves out the marks and modifier letters some letters lower-case into (İ → i̇)', () => {
    expect('İ'.toLowerCase()).toBe('i\u0307');
    for (const w of ['\u0307', 'x\u0307'.slice(1), '\u02bc', '上海\u0301'])
      expect(caseless(w), JSON.stringify(w)).toBe(false);
  });
});
