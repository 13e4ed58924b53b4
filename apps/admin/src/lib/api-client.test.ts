import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  downloadFile,
  request,
  requestBlob,
  requestData,
  setUnauthorizedHandler,
  transport,
} from './api-client';
import { setErrorFeedback } from './feedback';
import { setLanguage } from './i18n/i18n';
import { getSession, saveGrant } from './session';

const reply = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status }));

describe('console api client', () => {
  const errors: string[] = [];
  let calls: { url: string; init: RequestInit }[] = [];
  beforeEach(() => {
    calls = [];
    errors.length = 0;
    setErrorFeedback((text) => errors.push(text));
  });
  afterEach(() => {
    vi.restoreAllMocks();
    setLanguage('zh');
  });

  const answer = (status: number, body: unknown) =>
    vi.spyOn(transport, 'fetch').mockImplementation((url, init) => {
      calls.push({ url, init });
      return reply(status, body);
    });

  it('sends the Basic client header, the bearer token and the language; answers the envelope data', async () => {
    saveGrant({
      access_token: 'tok',
      refresh_token: 'r',
      token_type: 'bearer',
      expires_in: 3600,
      tenant_id: '100001',
      user_id: '1',
      oauth_id: '',
      account: 'finance1',
      user_name: '',
      nick_name: '',
      role_name: '',
      avatar: '',
      user_type: '',
      license: '',
      jti: '',
    });
    setLanguage('en');
    answer(200, { code: 200, success: true, data: { n: 1 }, msg: 'ok' });
    await expect(
      requestData({ url: '/api/x', params: { status: 'pending', empty: '', none: undefined } }),
    ).resolves.toEqual({ n: 1 });
    const headers = calls[0]!.init.headers as Record<string, string>;
    expect(calls[0]!.url).toBe('/api/x?status=pending');
    expect(headers.Authorization).toBe(`Basic ${btoa('saber:saber_secret')}`);
    expect(headers['Blade-Auth']).toBe('bearer tok');
    expect(headers['Accept-Language']).toBe('en');
  });

  it("shows the server's message of a failure and rejects with its code", async () => {
    answer(400, { code: 400, success: false, data: null, msg: '已处理' });
    const failure = request({ url: '/api/x', method: 'post', data: { a: 1 } });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ code: 400, message: '已处理' });
    expect(errors).toEqual(['已处理']);
    expect((calls[0]!.init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('ends the session on 401 without a toast', async () => {
    const unauthorized = vi.fn();
    setUnauthorizedHandler(unauthorized);
    answer(401, { code: 401, success: false, data: null, msg: '请重新登录' });
    await expect(request({ url: '/api/x' })).rejects.toMatchObject({ code: 401 });
    expect(unauthorized).toHaveBeenCalledTimes(1);
    expect(errors).toEqual([]);
  });

  it('names a network failure in the chosen language', async () => {
    vi.spyOn(transport, 'fetch').mockRejectedValue(new TypeError('offline'));
    await expect(request({ url: '/api/x', silent: true })).rejects.toMatchObject({ code: 0 });
    expect(errors).toEqual([]);
    expect(getSession()).toBeUndefined();
  });

  it('sends a file as the body with its own type', async () => {
    answer(200, { code: 200, success: true, data: { id: 7 }, msg: 'ok' });
    const file = new File(['a,b\n1,2'], 'people.csv', { type: 'text/csv' });
    await expect(requestData({ url: '/api/import', method: 'post', data: file })).resolves.toEqual({ id: 7 });
    expect(calls[0]!.init.body).toBe(file);
    expect((calls[0]!.init.headers as Record<string, string>)['Content-Type']).toBe('text/csv');
  });

  it('saves a downloaded file under the server’s name, and shows a refusal', async () => {
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(transport, 'fetch').mockImplementation(() =>
      Promise.resolve(
        new Response('xlsx', {
          status: 200,
          headers: { 'content-disposition': 'attachment; filename="r.xlsx"' },
        }),
      ),
    );
    await downloadFile({ url: '/api/report' }, 'fallback.xlsx');
    expect(clicked).toEqual(['r.xlsx']);
    vi.restoreAllMocks();
    answer(404, { code: 404, success: false, data: null, msg: 'That import was not found' });
    await expect(downloadFile({ url: '/api/report' }, 'fallback.xlsx')).rejects.toBeInstanceOf(ApiError);
    expect(errors).toEqual(['That import was not found']);
  });
});

describe('files through the console api client', () => {
  const errors: string[] = [];
  beforeEach(() => {
    errors.length = 0;
    setErrorFeedback((text) => errors.push(text));
  });
  afterEach(() => vi.restoreAllMocks());

  it('sends a file as the body itself, with the type the caller names', async () => {
    const calls: RequestInit[] = [];
    vi.spyOn(transport, 'fetch').mockImplementation((_url, init) => {
      calls.push(init);
      return Promise.resolve(new Response(JSON.stringify({ code: 200, success: true, data: 1, msg: '' })));
    });
    const file = new Blob(['工号,姓名\n'], { type: 'text/csv' });
    await requestData({ url: '/api/x', method: 'post', data: file, headers: { 'Content-Type': 'text/csv' } });
    expect(calls[0]!.body).toBe(file);
    expect((calls[0]!.headers as Record<string, string>)['Content-Type']).toBe('text/csv');
  });

  it('answers a downloaded file as a Blob, and a refusal in the envelope as an ApiError', async () => {
    vi.spyOn(transport, 'fetch').mockResolvedValueOnce(
      new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46]), {
        headers: { 'content-type': 'application/pdf' },
      }),
    );
    const blob = await requestBlob({ url: '/api/file/1' });
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(new Uint8Array([0x25, 0x50, 0x44, 0x46]));

    vi.spyOn(transport, 'fetch').mockResolvedValueOnce(
      new Response(JSON.stringify({ code: 404, success: false, data: null, msg: '附件不存在' }), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      }),
    );
    await expect(requestBlob({ url: '/api/file/2' })).rejects.toMatchObject({
      code: 404,
      message: '附件不存在',
    });
    expect(errors).toEqual(['附件不存在']);
  });
});
