import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('./feedback', () => ({
  beginLoading: vi.fn(),
  endLoading: vi.fn(),
  clearLoading: vi.fn(),
  toastFail: vi.fn(),
  toastSuccess: vi.fn(),
  toastText: vi.fn(),
}));

const feedback = await import('./feedback');
const { apiClient, ApiError, HTTP_TIMEOUT_MS, request, requestData, SILENT_CODES, setUnauthorizedHandler } =
  await import('./api-client');
const { saveSession } = await import('./session');

let seen: InternalAxiosRequestConfig | undefined;
function reply(status: number, data: unknown): AxiosAdapter {
  return async (config) => {
    seen = config;
    return { data, status, statusText: String(status), headers: {}, config };
  };
}

describe('api client (spec §7, §8)', () => {
  const originalAdapter = apiClient.defaults.adapter;
  beforeEach(() => {
    vi.clearAllMocks();
    seen = undefined;
  });
  afterEach(() => {
    apiClient.defaults.adapter = originalAdapter;
  });

  it('is set up as the spec says', () => {
    expect(apiClient.defaults.timeout).toBe(HTTP_TIMEOUT_MS);
    expect(HTTP_TIMEOUT_MS).toBe(300_000);
    expect(apiClient.defaults.withCredentials).toBe(true);
    const accepts = apiClient.defaults.validateStatus!;
    expect([199, 200, 404, 500, 501].map((s) => accepts(s))).toEqual([false, true, true, true, false]);
  });

  it('sends the Basic client header, the language and, when signed in, the bearer token', async () => {
    apiClient.defaults.adapter = reply(200, { code: 200, success: true, data: 7, msg: '' });
    await expect(requestData({ url: '/api/x' })).resolves.toBe(7);
    expect(seen!.headers.Authorization).toBe(`Basic ${btoa('saber:saber_secret')}`);
    expect(seen!.headers['Accept-Language']).toBe('zh-CN');
    expect(seen!.headers['Blade-Auth']).toBeUndefined();
    saveSession({ access_token: 'tok', refresh_token: 'r', tenant_id: '100001', user_id: '1' });
    await requestData({ url: '/api/x' });
    expect(seen!.headers['Blade-Auth']).toBe('bearer tok');
  });

  it('shows a loading toast (loading for GET, submitting for POST) unless disabled', async () => {
    apiClient.defaults.adapter = reply(200, { code: 200, data: null });
    await request({ url: '/a' });
    await request({ url: '/b', method: 'post' });
    await request({ url: '/c', loading: false });
    expect(vi.mocked(feedback.beginLoading).mock.calls).toEqual([['加载中'], ['提交中']]);
    expect(feedback.endLoading).toHaveBeenCalledTimes(2);
  });

  it('passes raw replies without a code (token, captcha) through', async () => {
    apiClient.defaults.adapter = reply(200, { key: 'k', image: 'data:' });
    await expect(request({ url: '/captcha' })).resolves.toEqual({ key: 'k', image: 'data:' });
  });

  it('a body code other than 200 toasts msg, then error_description, then unknown error, and rejects', async () => {
    apiClient.defaults.adapter = reply(200, { code: 400, success: false, msg: '手机号为空' });
    await expect(request({ url: '/a' })).rejects.toMatchObject({ message: '手机号为空', code: 400 });
    apiClient.defaults.adapter = reply(400, { error_code: 'x', error_description: '验证码不正确' });
    await expect(request({ url: '/b' })).rejects.toBeInstanceOf(ApiError);
    apiClient.defaults.adapter = reply(500, '');
    await expect(request({ url: '/c' })).rejects.toMatchObject({ message: '未知错误', code: 500 });
    expect(vi.mocked(feedback.toastFail).mock.calls).toEqual([
      ['手机号为空'],
      ['验证码不正确'],
      ['未知错误'],
    ]);
  });

  it('rejects whitelisted codes without a toast', async () => {
    apiClient.defaults.adapter = reply(200, { code: 409, msg: 'quiet' });
    await expect(request({ url: '/a', silentCodes: [409] })).rejects.toMatchObject({ code: 409 });
    SILENT_CODES.push(418);
    apiClient.defaults.adapter = reply(418, { msg: 'teapot' });
    await expect(request({ url: '/b' })).rejects.toMatchObject({ code: 418 });
    SILENT_CODES.pop();
    expect(feedback.toastFail).not.toHaveBeenCalled();
  });

  it('401 logs out and goes home', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    apiClient.defaults.adapter = reply(200, { code: 401, msg: '请先登录' });
    await expect(request({ url: '/a' })).rejects.toMatchObject({ code: 401 });
    apiClient.defaults.adapter = reply(401, { error_code: 'x', error_description: 'bad client' });
    await expect(request({ url: '/b' })).rejects.toMatchObject({ code: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(2);
    expect(feedback.toastFail).not.toHaveBeenCalled();
  });

  it('a network error clears the loading toast and rejects', async () => {
    apiClient.defaults.adapter = async () => {
      throw Object.assign(new Error('Network Error'), { isAxiosError: true, code: 'ERR_NETWORK' });
    };
    await expect(request({ url: '/a' })).rejects.toMatchObject({ code: 0 });
    expect(feedback.clearLoading).toHaveBeenCalled();
  });
});
