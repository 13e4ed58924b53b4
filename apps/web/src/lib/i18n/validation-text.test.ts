import { bindSettingsFromParams, validateBindForm } from '@cf/shared/validation';
import { describe, expect, it } from 'vitest';
import { loadLanguage, translateText, type TextKey } from './i18n';
import { problemText } from './validation-text';

describe('texts for the shared validation rules', () => {
  it('maps the shared keys to the spec’s English', async () => {
    await loadLanguage('en');
    const t = (key: TextKey, params?: Record<string, string | number>) => translateText('en', key, params);
    const settings = bindSettingsFromParams({ bind_registerPhone: '1' });
    const base = { userType: 'student', code: 'S1', idCard: '110101200401011234', realName: 'A' };
    const noPhone = validateBindForm(base, settings)!;
    expect(problemText(noPhone, t)).toBe('Phone number is empty');
    const badPhone = validateBindForm({ ...base, phone: '12345678901' }, settings)!;
    expect(problemText(badPhone, t)).toBe('Please enter a valid phone number');
  });

  it('names the code field by the tenant alias or the translated label', () => {
    const t = (key: TextKey, params?: Record<string, string | number>) => translateText('zh', key, params);
    const aliased = bindSettingsFromParams({ bind_studentNoAlias: '学籍号' });
    const plain = bindSettingsFromParams({});
    expect(problemText(validateBindForm({ userType: 'student' }, aliased)!, t)).toBe('请输入学籍号');
    expect(problemText(validateBindForm({ userType: 'student' }, plain)!, t)).toBe('请输入学号');
    expect(problemText(validateBindForm({ userType: 'employee' }, plain)!, t)).toBe('请输入工号');
  });
});
