import { describe, expect, it } from 'vitest';
import { bankCardProblem, groupBankCard, luhnValid, normalizeBankCard } from './bank-card';

describe('luhnValid', () => {
  it('accepts numbers whose check digit is right', () => {
    // Well-known test numbers (Visa, Mastercard, UnionPay) and a 19-digit card.
    for (const n of ['4111111111111111', '5555555555554444', '6212345678901232', '6222020200112233446'])
      expect(luhnValid(n), n).toBe(true);
  });
  it('refuses a changed or swapped digit', () => {
    for (const n of ['4111111111111112', '5555555555554445', '6212345678901223', '6222020200112233444'])
      expect(luhnValid(n), n).toBe(false);
  });
  it('refuses what is not digits', () => {
    expect(luhnValid('')).toBe(false);
    expect(luhnValid('4111 1111 1111 1111')).toBe(false);
    expect(luhnValid('41111111111111a1')).toBe(false);
  });
});

describe('bankCardProblem', () => {
  it('passes a valid card, with spaces or dashes as people type them', () => {
    expect(bankCardProblem('4111111111111111')).toBeNull();
    expect(bankCardProblem('6222 0202 0011 2233 446')).toBeNull();
    expect(bankCardProblem('6222-0202-0011-2233-446')).toBeNull();
  });
  it('names the rule that failed', () => {
    expect(bankCardProblem('')).toBe('validate.bankCardInvalid');
    expect(bankCardProblem(undefined)).toBe('validate.bankCardInvalid');
    expect(bankCardProblem('411111111111111')).toBe('profile.bankCardLength'); // 15 digits
    expect(bankCardProblem('41111111111111111111')).toBe('profile.bankCardLength'); // 20 digits
    expect(bankCardProblem('4111x11111111111')).toBe('profile.bankCardLength');
    expect(bankCardProblem('4111111111111112')).toBe('profile.bankCardChecksum');
  });
  it('normalizes and groups', () => {
    expect(normalizeBankCard(' 6222 0202-0011 ')).toBe('622202020011');
    expect(groupBankCard('6222020200112233445')).toBe('6222 0202 0011 2233 445');
  });
});
