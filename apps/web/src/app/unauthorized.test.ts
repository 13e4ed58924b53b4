/**
 * Issue 24: an order's link opened with a revoked or invalid token. The 401 ends the session and
 * the app stays on the order, so the route guard asks for a sign-in keeping the order as the return
 * address (as for a link opened with no token at all): sign-in lands on the order, not on Home.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { guard } from './guard';

vi.mock('@/lib/feedback', () => ({
  beginLoading: vi.fn(),
  endLoading: vi.fn(),
  clearLoading: vi.fn(),
  toastFail: vi.fn(),
  toastSuccess: vi.fn(),
  toastText: vi.fn(),
}));

const { apiClient, request } = await import('@/lib/api-client');
const { unauthorizedTarget } = await import('@/lib/navigation');
const { getAccessToken, saveSession } = await import('@/lib/session');

describe('a 401 on a deep link (issue 24)', () => {
  const originalAdapter = apiClient.defaults.adapter;
  afterEach(() => {
    apiClient.defaults.adapter = originalAdapter;
    window.history.replaceState(null, '', '/');
  });

  it('ends the session and stays on the order, which the guard keeps as the return address', async () => {
    saveSession({ access_token: 'revoked', refresh_token: 'r', tenant_id: '100001', user_id: '1' });
    window.history.replaceState(null, '', '/#/order/detail/77');
    apiClient.defaults.adapter = async (config) => ({
      data: { code: 401, msg: 'revoked' },
      status: 401,
      config,
    });
    await expect(request({ url: '/api/blade-finance/order/detail' })).rejects.toMatchObject({ code: 401 });
    expect(getAccessToken()).toBeUndefined();
    expect(window.location.hash).toBe('#/order/detail/77');
    // What the route guard then decides there: sign in, coming back to the order.
    expect(guard({ path: '/order/detail/77', query: {}, hasToken: false, wechat: { source: null } })).toEqual(
      { action: 'login', rule: 'login', returnTo: '/order/detail/77' },
    );
  });

  it('stays on screens that need a sign-in; the sign-in page and a payment by link go home', () => {
    expect(unauthorizedTarget('#/order/detail/77')).toBeUndefined();
    expect(unauthorizedTarget('#/order/index?tab=paid')).toBeUndefined();
    expect(unauthorizedTarget('#/user/bank')).toBeUndefined();
    expect(unauthorizedTarget('#/login')).toBe('/home');
    expect(unauthorizedTarget('#/pay?payAuthToken=abc')).toBe('/home');
    expect(unauthorizedTarget('#/pay', '?payAuthToken=abc')).toBe('/home');
    expect(unauthorizedTarget('')).toBe('/home');
  });
});
