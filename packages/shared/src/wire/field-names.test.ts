import { describe, expect, it } from 'vitest';
import { fieldName } from './field-names';

describe('field names of validation messages', () => {
  it('names a known field in each language', () => {
    expect(fieldName('phone', 'zh')).toBe('手机号');
    expect(fieldName('phone', 'en')).toBe('Phone number');
    expect(fieldName('payDate', 'en')).toBe('Payment date');
  });

  it('keeps the wire name of a field it does not know, inherited names included', () => {
    expect(fieldName('captchaKey', 'zh')).toBe('captchaKey');
    expect(fieldName('constructor', 'en')).toBe('constructor');
    expect(fieldName('', 'zh')).toBe('');
  });
});
