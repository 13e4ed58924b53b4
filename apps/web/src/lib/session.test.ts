import { describe, expect, it, vi } from 'vitest';
import {
  ACCESS_COOKIE_SECONDS,
  clearSession,
  getAccessToken,
  getRefreshToken,
  getSessionUser,
  hasValidUserId,
  saveSession,
  subscribeSession,
  tokenIssuedAt,
  type TokenGrant,
} from './session';

const grant: TokenGrant = {
  access_token: 'ACCESS-XYZ',
  refresh_token: 'ref',
  tenant_id: '100001',
  user_id: '42',
  oauth_id: '',
  account: 'student1',
  user_name: '张三',
};

describe('session', () => {
  it('keeps the access token in a cookie of 3200/86400 day', () => {
    const cookie = vi.spyOn(document, 'cookie', 'set');
    saveSession(grant, 5000);
    expect(ACCESS_COOKIE_SECONDS).toBe(3200);
    expect(cookie.mock.calls[0]![0]).toMatch(/^cf-access-token=ACCESS-XYZ; Max-Age=3200; Path=\//);
    cookie.mockRestore();
  });

  it('stores the refresh token and the login response, and notifies', () => {
    const listener = vi.fn();
    const stop = subscribeSession(listener);
    saveSession(grant, 5000);
    expect(getAccessToken()).toBe('ACCESS-XYZ');
    expect(getRefreshToken()).toBe('ref');
    expect(tokenIssuedAt()).toBe(5000);
    expect(getSessionUser()).toMatchObject({ tenantId: '100001', userId: '42', account: 'student1' });
    // The access token itself is not copied into storage.
    expect(window.localStorage.getItem('cf-user-info')).not.toContain('ACCESS-XYZ');
    clearSession();
    expect(getAccessToken()).toBeUndefined();
    expect(getRefreshToken()).toBeUndefined();
    expect(getSessionUser()).toBeUndefined();
    expect(listener).toHaveBeenCalledTimes(2);
    stop();
  });

  it('a user id is valid only when present and above 0', () => {
    expect(hasValidUserId({ userId: '42' })).toBe(true);
    expect(hasValidUserId({ userId: '1123598821738675201' })).toBe(true);
    for (const userId of ['0', '-3', '', 'abc', undefined]) expect(hasValidUserId({ userId })).toBe(false);
    expect(hasValidUserId(undefined)).toBe(false);
  });
});
