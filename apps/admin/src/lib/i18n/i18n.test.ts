import { afterEach, describe, expect, it } from 'vitest';
import { en } from './en';
import { getLanguage, setLanguage, t } from './i18n';
import { zh } from './zh';

const HAN = /[\u3400-\u9fff\uf900-\ufaff]/;
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)/g)].map((m) => m[1]).sort();

describe('console dictionaries', () => {
  afterEach(() => setLanguage('zh'));

  it('English names every Chinese key, and nothing more', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(zh).sort());
  });

  it('no text is empty; English has no Han characters but the names of languages', () => {
    for (const [key, text] of Object.entries(zh)) expect(text.trim(), key).not.toBe('');
    for (const [key, text] of Object.entries(en)) {
      expect(text.trim(), key).not.toBe('');
      if (key !== 'lang.zh') expect(HAN.test(text), `${key}: ${text}`).toBe(false);
    }
  });

  it('both languages fill the same parameters', () => {
    for (const key of Object.keys(zh) as (keyof typeof zh)[])
      expect(placeholders(en[key]), key).toEqual(placeholders(zh[key]));
  });

  it('Chinese is the default; a switch is remembered and fills parameters', () => {
    expect(getLanguage()).toBe('zh');
    expect(t('common.total', { total: 3 })).toBe('共 3 条');
    setLanguage('en');
    expect(t('common.total', { total: 3 })).toBe('3 in all');
    expect(window.localStorage.getItem('cf-admin:language')).toBe('"en"');
  });
});
