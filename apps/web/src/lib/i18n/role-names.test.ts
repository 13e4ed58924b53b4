import { describe, expect, it } from 'vitest';
import { profileEn } from './profile-en';
import type { TextKey } from './i18n';
import { roleNames } from './role-names';

const tEn = (key: TextKey) => profileEn[key as keyof typeof profileEn] ?? key;

describe('roleNames', () => {
  it('translates the roles the app knows: no "Role: 学生" in English', () => {
    expect(roleNames(tEn, [{ roleAlias: 'student', roleName: '学生' }])).toBe('Student');
    expect(roleNames(tEn, [], 'student,employee')).toBe('Student, Staff');
  });
  it('keeps a role the school named itself', () => {
    expect(roleNames(tEn, [{ roleAlias: 'dean', roleName: '院长' }])).toBe('院长');
  });
});
