import { describe, expect, it } from 'vitest';
import { acceptAmountInput, checkAmountText } from './amount-input';

/** Types `text` one character at a time, as a person does, from an empty field. */
const typeInto = (text: string): string =>
  [...text].reduce((field, char) => acceptAmountInput(field, field + char), '');

describe('amount field while typing', () => {
  it('refuses a third decimal: 12.345 stays 12.34', () => {
    expect(typeInto('12.345')).toBe('12.34');
    expect(acceptAmountInput('12.34', '12.345')).toBe('12.34');
  });

  it('refuses a second point: 1.2.3 stays 1.23 when typed, and a pasted 1.2.3 is not kept', () => {
    expect(typeInto('1.2.3')).toBe('1.23');
    expect(acceptAmountInput('', '1.2.3')).toBe('');
  });

  it('keeps what may still become an amount', () => {
    for (const text of ['', '0', '12', '12.', '.5', '12.5', '12.50', '123456789.99'])
      expect(acceptAmountInput('x', text), text).toBe(text);
  });

  it('refuses letters, signs, exponents and a tenth whole digit', () => {
    for (const text of ['a', '-1', '1e3', '+2', '0x1', '1234567890'])
      expect(acceptAmountInput('7', text)).toBe('7');
  });

  it('takes a pasted amount with separators or full-width digits as plain digits', () => {
    expect(acceptAmountInput('', '12,345.00')).toBe('12345.00');
    expect(acceptAmountInput('', '１２．５')).toBe('12.5');
    expect(acceptAmountInput('', ' 8 ')).toBe('8');
  });
});

describe('amount within its limits', () => {
  it('answers the amount in fen when it is one', () => {
    expect(checkAmountText('12.34')).toEqual({ ok: true, fen: 1234 });
    expect(checkAmountText('12.5', { maxFen: 5000 })).toEqual({ ok: true, fen: 1250 });
  });

  it('says what is wrong: not an amount, below the least, above the most', () => {
    expect(checkAmountText('')).toEqual({ ok: false, problem: 'invalid' });
    expect(checkAmountText('0.00')).toEqual({ ok: false, problem: 'invalid' });
    expect(checkAmountText('12.345')).toEqual({ ok: false, problem: 'invalid' });
    expect(checkAmountText('1.2.3')).toEqual({ ok: false, problem: 'invalid' });
    expect(checkAmountText('5', { minFen: 1000 })).toEqual({
      ok: false,
      problem: 'tooSmall',
      limitFen: 1000,
    });
    expect(checkAmountText('50.01', { maxFen: 5000 })).toEqual({
      ok: false,
      problem: 'tooLarge',
      limitFen: 5000,
    });
    expect(checkAmountText('99999', { maxFen: 0 })).toEqual({ ok: true, fen: 9_999_900 });
  });
});
