import { describe, expect, it } from 'vitest';
import { noticesEn } from './notices-en';
import { noticesZh, type NoticesTextKey } from './notices-zh';
import { zh } from './zh';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const keys = Object.keys(noticesZh) as NoticesTextKey[];

describe('notices texts', () => {
  it('English has every Chinese key with the same placeholders, and none is empty', () => {
    expect(Object.keys(noticesEn).sort()).toEqual([...keys].sort());
    for (const key of keys) {
      expect(noticesZh[key].trim(), key).not.toBe('');
      expect(noticesEn[key].trim(), key).not.toBe('');
      expect(placeholders(noticesEn[key]), key).toEqual(placeholders(noticesZh[key]));
    }
  });

  it('share no key with the first screens’ dictionary', () => {
    expect(keys.filter((key) => key in zh)).toEqual([]);
  });
});
