import type { RequestConfig } from '@/lib/api-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('@/lib/feedback', () => ({
  beginLoading: vi.fn(),
  endLoading: vi.fn(),
  clearLoading: vi.fn(),
  toastFail: vi.fn(),
  toastSuccess: vi.fn(),
  toastText: vi.fn(),
}));
vi.mock('@/api/get-client-config', () => ({
  loadClientConfig: async () => ({
    clientId: 'saber',
    wireAesKey: 'TestWireKey_0123456789abcdefghij',
    mode: 'demo',
    version: 'test',
  }),
}));

const { apiClient } = await import('@/lib/api-client');
const { loginByPassword } = await import('./login-by-password');
const { loginBySocial } = await import('./login-by-social');
const { refreshToken } = await import('./refresh-token');

const grant = { access_token: 'a', refresh_token: 'r', tenant_id: '100001', user_id: '1' };
let seen: (RequestConfig & { headers: Record<string, string> }) | undefined;

/** The form body as the server reads it, and the URL without anything in its query. */
function sentForm(): URLSearchParams {
  expect(seen!.method).toBe('post');
  expect(seen!.url).toBe('/api/blade-auth/oauth/token');
  expect(seen!.params).toBeUndefined();
  expect(String(seen!.headers['Content-Type'])).toMatch(/^application\/x-www-form-urlencoded/);
  return new URLSearchParams(String(seen!.data));
}

describe('token grants keep secrets out of the URL', () => {
  const originalAdapter = apiClient.defaults.adapter;
  beforeEach(() => {
    seen = undefined;
    apiClient.defaults.adapter = async (config) => {
      seen = config;
      return { data: grant, status: 200, config };
    };
  });
  afterEach(() => {
    apiClient.defaults.adapter = originalAdapter;
  });

  it('sends the password grant as a form body, the captcha in headers', async () => {
    await loginByPassword({
      tenantId: '100001',
      username: ' student1 ',
      password: 'Demo@2024',
      captchaKey: 'k1',
      captchaCode: 'abcd',
    });
    const form = sentForm();
    expect(Object.fromEntries(form)).toMatchObject({
      tenantId: '100001',
      username: 'student1',
      grant_type: 'password',
      scope: 'all',
      type: 'account',
    });
    expect(form.get('password')).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(seen!.headers['Captcha-Key']).toBe('k1');
    expect(seen!.headers['Captcha-Code']).toBe('abcd');
  });

  it('sends the refresh token as a form body', async () => {
    await refreshToken('refresh-secret', '100001');
    expect(Object.fromEntries(sentForm())).toEqual({
      grant_type: 'refresh_token',
      refresh_token: 'refresh-secret',
      tenantId: '100001',
      scope: 'all',
    });
  });

  it('sends the WeChat code as a form body', async () => {
    await loginBySocial({ tenantId: '100001', source: 'wechat', code: 'wx-code', state: 's1' });
    expect(Object.fromEntries(sentForm())).toMatchObject({
      grant_type: 'social',
      source: 'wechat',
      code: 'wx-code',
      auth_code: 'wx-code',
    });
  });
});
