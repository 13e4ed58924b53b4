import { messages } from '@cf/shared/messages';
import { describe, expect, it } from 'vitest';
import { financeEn } from './finance-en';
import { loadFinanceTexts } from './finance-texts';
import { financeZh, type FinanceTextKey } from './finance-zh';
import { setLanguage, t } from './i18n';
import { zh } from './zh';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const keys = Object.keys(financeZh) as FinanceTextKey[];

describe('finance texts', () => {
  it('English has every Chinese key, and nothing else', () => {
    expect(Object.keys(financeEn).sort()).toEqual([...keys].sort());
  });

  it('no text is empty, and both languages use the same placeholders', () => {
    for (const key of keys) {
      expect(financeZh[key].trim(), key).not.toBe('');
      expect(financeEn[key].trim(), key).not.toBe('');
      expect(placeholders(financeEn[key]), key).toEqual(placeholders(financeZh[key]));
    }
  });

  it('share no key with the first screens’ dictionary', () => {
    expect(keys.filter((key) => key in zh)).toEqual([]);
  });

  it('keep the spec’s English payment messages word for word', () => {
    expect(financeEn['fee.amountTooLarge']).toBe(
      'Payment amount cannot be greater than the receivable amount',
    );
    expect(financeEn['fee.formFieldsRequired']).toBe('Please check if all form fields with * are completed');
  });

  it('say what the server says for the same rules, in both languages', () => {
    const shared = keys.filter((key): key is FinanceTextKey & keyof typeof messages => key in messages);
    expect(shared).toEqual(
      expect.arrayContaining([
        'fee.amountTooLarge',
        'fee.formFieldsRequired',
        'fee.payMethodRequired',
        'fee.payDateRequired',
        'fee.offlineRecorded',
      ]),
    );
    for (const key of shared) {
      expect(financeZh[key], key).toBe(messages[key].zh);
      expect(financeEn[key], key).toBe(messages[key].en);
    }
  });

  it('load with the money screens, and follow a language switch', async () => {
    expect(t('payStatus.PAID')).toBe('payStatus.PAID');
    await loadFinanceTexts();
    expect(t('payStatus.PAID')).toBe('已支付');
    await setLanguage('en');
    expect(t('payStatus.PAID')).toBe('Paid');
    expect(t('tab.user')).toBe('Mine');
    await setLanguage('zh');
    expect(t('payStatus.PAID')).toBe('已支付');
  });
});
