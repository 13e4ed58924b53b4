/**
 * The bank card rule of the profile (issue 12): 16–19 digits whose last one is the Luhn check digit.
 * The /user/bank form and the server's change-bank-account both ask bankCardProblem.
 */
/** The messages bankCardProblem reports (packages/shared/src/messages/validate.ts and profile.ts). */
export type BankCardProblem =
  'validate.bankCardInvalid' | 'profile.bankCardLength' | 'profile.bankCardChecksum';

export const BANK_CARD_MIN_DIGITS = 16;
export const BANK_CARD_MAX_DIGITS = 19;

/** People copy card numbers with spaces or dashes in groups of four. */
export const normalizeBankCard = (value: string): string => value.replace(/[\s-]/g, '');

/** Luhn (ISO/IEC 7812): from the right, double every second digit, the sum ends in 0. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Why a typed card number is refused, or null when it is a card number (spaces allowed). */
export function bankCardProblem(value: string | undefined | null): BankCardProblem | null {
  const digits = normalizeBankCard(value ?? '');
  if (!digits) return 'validate.bankCardInvalid';
  if (!/^\d+$/.test(digits) || digits.length < BANK_CARD_MIN_DIGITS || digits.length > BANK_CARD_MAX_DIGITS)
    return 'profile.bankCardLength';
  return luhnValid(digits) ? null : 'profile.bankCardChecksum';
}

/** 6222020200112233445 -> 6222 0202 0011 2233 445: easier to compare with the card in hand. */
export const groupBankCard = (digits: string): string => digits.replace(/(\d{4})(?=\d)/g, '$1 ');
