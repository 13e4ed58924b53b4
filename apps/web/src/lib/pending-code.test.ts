import { beforeEach, describe, expect, it } from 'vitest';
import { codeProblem, dropPendingCode, keepPendingCode, pendingCode } from './pending-code';

describe('the pending code (issue 24)', () => {
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
  });

  it('is kept in the session storage area, for what it was sent for only', () => {
    keepPendingCode('bind', { id: 'v1', to: 'student:13912345678', detail: { phoneMasked: '139****5678' } });
    expect(localStorage.length).toBe(0);
    expect(pendingCode('bind', 'student:13912345678')).toEqual({
      id: 'v1',
      to: 'student:13912345678',
      detail: { phoneMasked: '139****5678' },
    });
    expect(pendingCode('bind', 'student:13900000000')).toBeUndefined();
    expect(pendingCode('held-phone-finance', 'student:13912345678')).toBeUndefined();
    dropPendingCode('bind');
    expect(pendingCode('bind')).toBeUndefined();
  });

  it('says "enter the code" only when none is typed, else that a lost one has expired', () => {
    expect(codeProblem('', 'v1')).toBe('validate.verifyCodeRequired');
    expect(codeProblem('  ', undefined)).toBe('validate.verifyCodeRequired');
    expect(codeProblem('123456', undefined)).toBe('validate.verifyCodeExpired');
    expect(codeProblem('123456', '')).toBe('validate.verifyCodeExpired');
    expect(codeProblem('123456', 'v1')).toBeNull();
  });
});
