/** Downloads: a file reply is saved under its name; a refusal is shown and rejects. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, downloadFile, transport } from './api-client';
import { setErrorFeedback } from './feedback';

describe('downloadFile', () => {
  afterEach(() => vi.restoreAllMocks());

  it('saves the file with the query and the language', async () => {
    const fetch = vi
      .spyOn(transport, 'fetch')
      .mockResolvedValue(
        new Response('PK', { status: 200, headers: { 'content-type': 'application/octet-stream' } }),
      );
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    await downloadFile({ url: '/api/x/export', params: { payStatus: 'PAID', person: '' } }, 'orders.xlsx');
    expect(fetch.mock.calls[0]![0]).toBe('/api/x/export?payStatus=PAID');
    expect((fetch.mock.calls[0]![1].headers as Record<string, string>)['Accept-Language']).toBe('zh-CN');
    expect(clicked).toEqual(['orders.xlsx']);
  });

  it('shows the server’s refusal and rejects', async () => {
    const errors: string[] = [];
    setErrorFeedback((text) => errors.push(text));
    vi.spyOn(transport, 'fetch').mockResolvedValue(
      new Response(
        JSON.stringify({ code: 400, success: false, data: null, msg: '开始日期不能晚于结束日期' }),
        {
          status: 400,
          headers: { 'content-type': 'application/json' },
        },
      ),
    );
    await expect(downloadFile({ url: '/api/x/export' }, 'a.xlsx')).rejects.toBeInstanceOf(ApiError);
    expect(errors).toEqual(['开始日期不能晚于结束日期']);
  });
});
