/**
 * The unified social credit code (统一社会信用代码, GB 32100-2015): 18 characters from a 31-character
 * alphabet (no I, O, S, V, Z); characters 3–8 are the region code (digits); the 18th is a check
 * character over the first 17 (weights 3^i mod 31, value 31 − sum mod 31).
 */
export const CREDIT_CODE_ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
const SHAPE = /^[0-9ABCDEFGHJKLMNPQRTUWXY]{2}\d{6}[0-9ABCDEFGHJKLMNPQRTUWXY]{10}$/;

/** The check character of the first 17 characters, or null when one of them is not in the alphabet. */
export function creditCodeCheckChar(first17: string): string | null {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const value = CREDIT_CODE_ALPHABET.indexOf(first17[i] ?? '');
    if (value < 0) return null;
    sum += value * WEIGHTS[i]!;
  }
  return CREDIT_CODE_ALPHABET[(31 - (sum % 31)) % 31]!;
}

/** Whether `code` (upper case, as normalised by normalizeTaxId) is a credit code with a right check character. */
export function isCreditCode(code: string): boolean {
  return SHAPE.test(code) && creditCodeCheckChar(code.slice(0, 17)) === code[17];
}

/** Taxpayer ids are compared and stored upper case without spaces. */
export const normalizeTaxId = (text: string): string => text.replace(/\s+/g, '').toUpperCase();
