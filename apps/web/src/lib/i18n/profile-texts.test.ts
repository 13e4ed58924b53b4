import { messages } from '@cf/shared/messages';
import { describe, expect, it } from 'vitest';
import { financeZh } from './finance-zh';
import { profileEn } from './profile-en';
import { profileZh, type ProfileTextKey } from './profile-zh';
import { zh } from './zh';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const keys = Object.keys(profileZh) as ProfileTextKey[];

describe('profile texts', () => {
  it('English has every Chinese key, none empty, the same placeholders', () => {
    expect(Object.keys(profileEn).sort()).toEqual([...keys].sort());
    for (const key of keys) {
      expect(profileZh[key].trim(), key).not.toBe('');
      expect(profileEn[key].trim(), key).not.toBe('');
      expect(placeholders(profileEn[key]), key).toEqual(placeholders(profileZh[key]));
    }
  });

  it('share no key with the other dictionaries', () => {
    expect(keys.filter((key) => key in zh || key in financeZh)).toEqual([]);
  });

  it('keep the spec’s English phone-change messages word for word', () => {
    expect(profileEn['phone.modified']).toBe('modified successfully');
    expect(profileEn['mine.phoneSaved']).toBe('modified successfully');
  });

  it('say what the server says for the card and e-mail rules', () => {
    for (const key of [
      'profile.bankCardLength',
      'profile.bankCardChecksum',
      'profile.emailTooLong',
    ] as const) {
      expect(profileZh[key]).toBe(messages[key].zh);
      expect(profileEn[key]).toBe(messages[key].en);
    }
  });
});
