import { describe, expect, it } from 'vitest';
import { fillParams } from './fill-params';
import { translate } from './messages';

describe('fillParams', () => {
  it('fills plain placeholders and leaves unknown ones', () => {
    expect(fillParams('{a} and {b}', { a: 1 })).toBe('1 and {b}');
  });
  it('writes the word for the count: 1 minute, 2 minutes', () => {
    expect(fillParams('in {n|minute|minutes}', { n: 1 })).toBe('in 1 minute');
    expect(fillParams('in {n|minute|minutes}', { n: 2 })).toBe('in 2 minutes');
  });
  it('English messages never say "1 minutes" or "1 seconds"', () => {
    expect(translate('auth.tooManyWrongPasswords', 'en', { minutes: 1 })).toBe(
      'Too many wrong passwords, try again in 1 minute',
    );
    expect(translate('sms.resendTooSoon', 'en', { seconds: 1 })).toBe(
      'Please wait 1 second before asking for a new code',
    );
  });
});

describe('a message param that is another message (the tenant invoice term)', () => {
  it('fills {term} mid-sentence and {Term} starting one, in the message language', () => {
    const tax = { term: { message: 'invoice.term.tax' as const } };
    expect(translate('invoice.notIssued', 'zh', tax)).toBe('电子发票尚未开具');
    expect(translate('invoice.notIssued', 'en', tax)).toBe('The e-invoice has not been issued yet');
    const fiscal = { term: { message: 'invoice.term.fiscal' as const } };
    expect(translate('invoice.orderNotPaid', 'zh', fiscal)).toBe('订单支付成功后才能申请开具财政电子票据');
    expect(translate('invoice.orderNotPaid', 'en', fiscal)).toBe(
      'The fiscal e-receipt can be requested once the order is paid',
    );
  });
});
