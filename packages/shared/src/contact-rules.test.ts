import { describe, expect, it } from 'vitest';
import { EMAIL_MAX_LENGTH, emailProblem, normalizeEmail } from './contact-rules';

describe('emailProblem', () => {
  it('passes an address', () => {
    expect(emailProblem('zhang.san@example.edu.cn')).toBeNull();
    expect(emailProblem(`${'a'.repeat(EMAIL_MAX_LENGTH - 6)}@x.com`)).toBeNull();
  });
  it('names the rule that failed', () => {
    expect(emailProblem('  ')).toEqual({ key: 'validate.emailRequired' });
    expect(emailProblem('zhang.san')).toEqual({ key: 'validate.emailInvalid' });
    expect(emailProblem(`${'a'.repeat(EMAIL_MAX_LENGTH)}@x.com`)).toEqual({
      key: 'profile.emailTooLong',
      max: EMAIL_MAX_LENGTH,
    });
  });
  it('normalizes case and spaces', () => {
    expect(normalizeEmail(' Zhang@Example.EDU.cn ')).toBe('zhang@example.edu.cn');
  });
});
