import { describe, expect, it } from 'vitest';
import { en } from './en';
import { getLanguage, loadLanguage, setLanguage, t, translateText } from './i18n';
import { zh } from './zh';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)(?:\|[^}]*)?\}/g)].map((m) => m[1]).sort();

describe('i18n dictionaries', () => {
  it('English has every Chinese key, and nothing else', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(zh).sort());
  });

  it('no text is empty, and both languages use the same placeholders', () => {
    for (const key of Object.keys(zh) as (keyof typeof zh)[]) {
      expect(zh[key].trim(), key).not.toBe('');
      expect(en[key].trim(), key).not.toBe('');
      expect(placeholders(en[key]), key).toEqual(placeholders(zh[key]));
    }
  });

  it('keeps the spec’s English messages word for word', () => {
    const spec: Partial<Record<keyof typeof zh, string>> = {
      'login.succeeded': 'login succeeded',
      'login.loggingIn': 'logging in, please wait',
      'validate.phoneInvalid': 'Please enter a valid phone number',
      'validate.emailInvalid': 'Email format is incorrect',
      'validate.idCardInvalid': 'Please enter a valid ID number',
      'validate.phoneEmpty': 'Phone number is empty',
      'validate.idCardEmpty': 'ID number is empty',
      'validate.idCardNotFound': 'The ID number does not exist. Please check your input',
      'validate.phoneCorrect': 'enter a correct phone',
      'common.unknownError': 'unknown error',
      'common.loading': 'loading',
      'common.submitting': 'submitting',
      'common.appNotAuthorized': 'Application is not authorized, please contact the system administrator',
      'common.paramsFailed': 'Failed to retrieve parameters!',
    };
    for (const [key, text] of Object.entries(spec)) expect(en[key as keyof typeof zh]).toBe(text);
  });

  it('defaults to Chinese, switches to English and keeps the choice under `language`', async () => {
    expect(getLanguage()).toBe('zh');
    expect(t('tab.user')).toBe('我的');
    await setLanguage('en');
    expect(window.localStorage.getItem('language')).toBe('en');
    expect(t('tab.user')).toBe('Mine');
    await setLanguage('zh');
    expect(t('tab.user')).toBe('我的');
  });

  it('fills {name} placeholders', async () => {
    await loadLanguage('en');
    expect(translateText('en', 'menu.version', { version: '1.3.14' })).toBe('Version 1.3.14');
    expect(translateText('zh', 'code.countdown', { seconds: 9 })).toBe('9 秒后重发');
  });
});
