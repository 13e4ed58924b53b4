import { messages } from '@cf/shared/messages';
import { describe, expect, it } from 'vitest';
import { financeZh } from './finance-zh';
import { setLanguage, t } from './i18n';
import { signrateEn } from './signrate-en';
import { loadSignrateTexts } from './signrate-texts';
import { signrateZh, type SignrateTextKey } from './signrate-zh';
import { zh } from './zh';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const keys = Object.keys(signrateZh) as SignrateTextKey[];

describe('signature and rating texts', () => {
  it('English has every Chinese key with the same placeholders, and no text is empty', () => {
    expect(Object.keys(signrateEn).sort()).toEqual([...keys].sort());
    for (const key of keys) {
      expect(signrateZh[key].trim(), key).not.toBe('');
      expect(signrateEn[key].trim(), key).not.toBe('');
      expect(placeholders(signrateEn[key]), key).toEqual(placeholders(signrateZh[key]));
    }
  });

  it('share no key with the other dictionaries', () => {
    expect(keys.filter((key) => key in zh || key in financeZh)).toEqual([]);
  });

  it('name the scores as spec §3 does, as the server does', () => {
    expect([5, 4, 3, 2, 1, 0].map((score) => signrateEn[`rating.name.${score}` as SignrateTextKey])).toEqual([
      'very good',
      'fairly good',
      'average',
      'so-so',
      'very poor',
      'no rating yet',
    ]);
    for (const key of keys.filter((k): k is SignrateTextKey & keyof typeof messages => k in messages)) {
      expect(signrateZh[key], key).toBe(messages[key].zh);
      expect(signrateEn[key], key).toBe(messages[key].en);
    }
  });

  it('load with the blocks, and follow a language switch', async () => {
    expect(t('rating.title')).toBe('rating.title');
    await loadSignrateTexts();
    expect(t('rating.title')).toBe('服务评价');
    await setLanguage('en');
    expect(t('rating.name.4')).toBe('fairly good');
    await setLanguage('zh');
    expect(t('rating.name.4')).toBe('比较好');
  });
});
