// Figures stored in records (numbers or decimal strings) as exact decimals for the server's own arithmetic
// (effects adding to a field, stock postings): blank or unreadable counts as 0.
import Big from 'big.js';

export const num = (v: unknown) => {
  try {
    return new Big(v === null || v === undefined || v === '' ? 0 : (v as string | number));
  } catch {
    return new Big(0);
  }
};
