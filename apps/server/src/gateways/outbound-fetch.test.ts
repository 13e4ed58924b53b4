/**
 * No outbound call follows a redirect (issue 23): a provider's first hop answering 3xx to a loopback
 * listener delivers nothing there; the send fails naming the status. Real listeners on 127.0.0.1.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '@server-test/helpers';
import { tenantProviders } from '@server/db/schema-settings';
import { createGateways } from './index';
import { httpSms } from './http-notify';
import { outboundFetch } from './outbound-fetch';

interface Listener {
  url: string;
  received: { method?: string; url?: string; body: string }[];
  close(): Promise<void>;
}

async function listen(
  answer: (res: import('node:http').ServerResponse, path: string) => void,
): Promise<Listener> {
  const received: Listener['received'] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ method: req.method, url: req.url, body: Buffer.concat(chunks).toString() });
      answer(res, req.url ?? '/');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let inner: Listener;
let redirector: Listener;
let status = 307;

beforeAll(async () => {
  inner = await listen((res) =>
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'),
  );
  redirector = await listen((res, path) =>
    res.writeHead(status, { location: `${inner.url}/steal${path}?token=secret-in-location` }).end(),
  );
});
afterAll(async () => {
  await Promise.all([inner.close(), redirector.close()]);
});

describe('outbound calls never follow a redirect', () => {
  it.each([301, 302, 303, 307, 308])(
    'a %i is a failed call naming it; the target receives nothing',
    async (code) => {
      status = code;
      inner.received.length = 0;
      const call = outboundFetch(`${redirector.url}/send`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"phone":"13900000000","text":"code 123456"}',
      });
      await expect(call).rejects.toThrow(
        `answered ${code}, a redirect to ${inner.url}; redirects are not followed`,
      );
      await expect(call).rejects.not.toThrow(/secret-in-location/);
      expect(inner.received).toEqual([]);
    },
  );

  it('an SMS to a school provider that redirects is not sent, and says why', async () => {
    status = 307;
    inner.received.length = 0;
    const sms = httpSms(outboundFetch, { url: `${redirector.url}/send`, token: 'school-token' });
    await expect(sms.send({ phone: '13900000000', text: 'code 123456' })).rejects.toThrow(
      /answered 307, a redirect .*not followed/,
    );
    expect(inner.received).toEqual([]);
    expect(redirector.received.at(-1)).toMatchObject({ method: 'POST', url: '/send' });
  });

  describe('the gateways as main.ts builds them (no fetch given)', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestApp();
    });
    afterAll(() => ctx.close());

    it("a school's SMS provider answering 307 to a loopback listener delivers nothing there", async () => {
      status = 307;
      inner.received.length = 0;
      await ctx.database.db
        .insert(tenantProviders)
        .values({ tenantId: '100001', kind: 'sms', settings: { httpUrl: `${redirector.url}/send` } });
      const gateways = createGateways(ctx.config, ctx.database.db, () => 'http://app.test');
      await expect(gateways.sms.send('100001', '13900000000', 'code 123456')).rejects.toThrow(
        /answered 307, a redirect to http:\/\/127\.0\.0\.1:\d+; redirects are not followed/,
      );
      expect(inner.received).toEqual([]);
    });

    it('the app itself answers the phone a clear failure, and the listener still receives nothing', async () => {
      inner.received.length = 0;
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/blade-resource/sms/endpoint/send-validate?tenantId=100001&phone=13900000001',
        headers: { 'accept-language': 'en' },
      });
      expect(res.statusCode).toBe(502);
      expect(res.json().msg).toMatch(/SMS|text|message/i);
      expect(inner.received).toEqual([]);
    });
  });
});
