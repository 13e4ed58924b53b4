import { parseWholeNumber } from './validation';

/** The most fen one amount may hold: every amount is a JavaScript exact integer (the columns are bigint). */
export const MAX_FEN = Number.MAX_SAFE_INTEGER;

/**
 * Integer fen as the wire sends it: a whole number, or its decimal digits as text (query strings and
 * form bodies carry text). Booleans, hex, exponents, signs, fractions, arrays and NaN are not amounts.
 */
export const parseFen = (value: unknown): number | null => parseWholeNumber(value, MAX_FEN);

/** Integer fen as plain yuan digits, "12345.00": what an amount field holds (no symbol, no separators). */
export function yuanDigits(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(fen));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Money is integer fen everywhere; this is the one place it becomes yuan text for people to read:
 * thousands separated, two decimals, "¥12,345.00" (without the symbol: "12,345.00").
 */
export function formatYuan(fen: number, withSymbol = true): string {
  const text = yuanDigits(fen).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return withSymbol ? `¥${text}` : text;
}

/**
 * Parses what a person typed in yuan ("12", "12.5", "12.50") into fen; null when it is not an amount
 * (more than two decimal places, a sign, an exponent, hex). The server is only ever sent fen.
 */
export function parseYuan(text: string): number | null {
  const match = /^\s*(\d{1,9})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
