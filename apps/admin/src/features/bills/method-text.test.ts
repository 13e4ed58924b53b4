import { describe, expect, it } from 'vitest';
import { setLanguage, t } from '@admin/lib/i18n/i18n';
import { methodText } from './method-text';

describe('how the payer paid, in the clerk’s words', () => {
  it('names the phone form’s methods in the console’s language and keeps anything else as written', () => {
    setLanguage('zh');
    expect(methodText('bank_transfer', t)).toBe('银行转账');
    expect(methodText('银行汇款', t)).toBe('银行汇款');
    expect(methodText('constructor', t)).toBe('constructor');
    setLanguage('en');
    expect(methodText('pos', t)).toBe('Card (POS)');
    setLanguage('zh');
  });
});
