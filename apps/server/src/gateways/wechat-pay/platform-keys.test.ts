/**
 * Which key WeChat Pay signs with, and how the adapter keeps up: Wechatpay-Serial on every request,
 * answers under an unknown serial refused, the move from platform certificates to the WeChat Pay public
 * key, and platform certificates downloaded from /v3/certificates and rotated without a failed call.
 */
import { describe, expect, it } from 'vitest';
import { createWechatPayFixture, pemPair, TEST_API_V3_KEY } from '@server-test/wechat-pay-fixtures';
import type { SimulatedNotify } from './simulator';
import { PayChannelError, type PrepayInput } from './types';
import { wechatPayV3 } from './wechat-pay-v3';

const PUB_KEY_ID = 'PUB_KEY_ID_0119000001092025090100000000000001';
let seq = 0;

function order(): PrepayInput {
  return {
    outTradeNo: `KEYS${Date.now()}${++seq}`,
    description: '学费',
    amountFen: 100,
    openId: 'o-student-openid',
    notifyUrl: 'https://campus.example/api/pay/notify/wechat',
    expireAt: new Date(Date.now() + 15 * 60_000),
  };
}

async function rejection(promise: Promise<unknown>): Promise<PayChannelError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PayChannelError);
  return error as PayChannelError;
}

const asReceived = (notify: SimulatedNotify) => ({ headers: notify.headers, rawBody: notify.rawBody });

/** A shared clock both sides read; tests move it. */
function clock() {
  let now = Date.now();
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('Wechatpay-Serial', () => {
  it('names the platform certificate it verifies with on every request', async () => {
    const { simulator, channel } = createWechatPayFixture();
    const input = order();
    await channel.prepay(input);
    await channel.query(input.outTradeNo);
    expect(simulator.calls.length).toBeGreaterThanOrEqual(2);
    expect(simulator.calls.every((c) => c.wechatpaySerial === simulator.platformSerial)).toBe(true);
  });

  it('while moving to the WeChat Pay public key, names PUB_KEY_ID_… and WeChat signs its answers with it', async () => {
    const publicKey = pemPair();
    const { simulator, config } = createWechatPayFixture({
      simulator: { publicKeyId: PUB_KEY_ID, publicKeyPrivatePem: publicKey.privateKeyPem },
    });
    // The merchant configured only the public key: an answer signed with the certificate would be refused.
    const channel = wechatPayV3(
      { ...config, platformPublicKeys: { [PUB_KEY_ID]: publicKey.publicKeyPem } },
      simulator.fetch,
    );
    const input = order();
    expect((await channel.prepay(input)).prepayId).toMatch(/^wx/);
    expect(simulator.calls.at(-1)).toMatchObject({ wechatpaySerial: PUB_KEY_ID, status: 200 });
    // A merchant with only the public key has no platform certificates to download.
    expect(simulator.calls.some((c) => c.path.endsWith('/v3/certificates'))).toBe(false);

    // Notifies signed with the public key are accepted too.
    simulator.signNotifiesWith('publicKey');
    const notify = simulator.pay(input.outTradeNo);
    expect(notify.headers['Wechatpay-Serial']).toBe(PUB_KEY_ID);
    expect(channel.parseNotify(asReceived(notify))).toMatchObject({ ok: true });
  });

  it('with both keys configured, prefers the public key and still accepts certificate-signed notifies', async () => {
    const publicKey = pemPair();
    const { simulator, channel } = createWechatPayFixture({
      simulator: { publicKeyId: PUB_KEY_ID, publicKeyPrivatePem: publicKey.privateKeyPem },
    });
    const input = order();
    await channel.prepay(input);
    expect(simulator.calls.at(-1)!.wechatpaySerial).toBe(PUB_KEY_ID);
    const notify = simulator.pay(input.outTradeNo);
    expect(notify.headers['Wechatpay-Serial']).toBe(simulator.platformSerial);
    expect(channel.parseNotify(asReceived(notify))).toMatchObject({ ok: true });
  });

  it('refuses an answer signed under a serial no configured or downloaded key matches, after asking for certificates', async () => {
    const time = clock();
    const { simulator, channel } = createWechatPayFixture({ now: time.now });
    await channel.prepay(order());
    time.advance(2 * 60_000);
    simulator.tamperNextResponse('unknown_serial');
    const before = simulator.calls.length;
    const error = await rejection(channel.prepay(order()));
    expect(error).toMatchObject({
      code: 'BAD_RESPONSE_SIGNATURE',
      message: expect.stringMatching(/unknown_serial/),
    });
    expect(simulator.calls.slice(before).map((c) => c.path)).toEqual([
      '/v3/pay/transactions/jsapi',
      '/v3/certificates',
    ]);
  });
});

describe('platform certificates from /v3/certificates', () => {
  it('starts without a configured key: downloads, decrypts and verifies the certificates first', async () => {
    const { simulator, config } = createWechatPayFixture();
    const channel = wechatPayV3({ ...config, platformPublicKeys: {} }, simulator.fetch);
    await channel.prepay(order());
    expect(simulator.calls.map((c) => c.path)).toEqual(['/v3/certificates', '/v3/pay/transactions/jsapi']);
    // The first request names no key yet; from then on the downloaded certificate.
    expect(simulator.calls.map((c) => c.wechatpaySerial)).toEqual([undefined, simulator.platformSerial]);
  });

  it('does not believe certificates that do not decrypt under its APIv3 key', async () => {
    const { simulator, config } = createWechatPayFixture();
    const channel = wechatPayV3(
      { ...config, platformPublicKeys: {}, apiV3Key: 'AnotherApiV3Key_0123456789abcdef' },
      simulator.fetch,
    );
    const error = await rejection(channel.prepay(order()));
    expect(error).toMatchObject({ code: 'BAD_RESPONSE', message: expect.stringMatching(/does not decrypt/) });
    expect(simulator.calls.map((c) => c.path)).toEqual(['/v3/certificates']);
    expect(TEST_API_V3_KEY).not.toBe('AnotherApiV3Key_0123456789abcdef');
  });

  it('rotates without a failed call: a new certificate is fetched within 12 hours, before WeChat signs with it', async () => {
    const time = clock();
    const { simulator, channel } = createWechatPayFixture({ now: time.now });
    await channel.prepay(order());
    time.advance(3600_000);
    const next = simulator.addPlatformCertificate();
    time.advance(12 * 3600_000);
    await channel.prepay(order());
    // Refreshed before that request, which already names the newer certificate.
    expect(simulator.calls.slice(-2).map((c) => c.path)).toEqual([
      '/v3/certificates',
      '/v3/pay/transactions/jsapi',
    ]);
    expect(simulator.calls.at(-1)!.wechatpaySerial).toBe(next);

    simulator.signWithPlatformCertificate(next);
    const input = order();
    await channel.prepay(input);
    expect(simulator.calls.at(-1)!.status).toBe(200);
    const notify = simulator.pay(input.outTradeNo);
    expect(notify.headers['Wechatpay-Serial']).toBe(next);
    expect(channel.parseNotify(asReceived(notify))).toMatchObject({ ok: true });
    // The old certificate stays trusted while it is in force (notifies in flight, other processes).
    expect(channel.parseNotify(asReceived(simulator.notify(input.outTradeNo)))).toMatchObject({ ok: true });
  });

  it('fetches at once when an answer names a certificate it has not seen, and the call succeeds', async () => {
    const time = clock();
    const { simulator, channel } = createWechatPayFixture({ now: time.now });
    await channel.prepay(order());
    simulator.signWithPlatformCertificate(simulator.addPlatformCertificate());
    time.advance(2 * 60_000);
    const before = simulator.calls.length;
    await channel.prepay(order());
    expect(simulator.calls.slice(before).map((c) => c.path)).toEqual([
      '/v3/pay/transactions/jsapi',
      '/v3/certificates',
    ]);
  });

  it('refuses a notify under an unknown certificate once, fetches certificates, and accepts the retry', async () => {
    const time = clock();
    const { simulator, channel } = createWechatPayFixture({ now: time.now });
    const input = order();
    await channel.prepay(input);
    simulator.signWithPlatformCertificate(simulator.addPlatformCertificate());
    time.advance(2 * 60_000);
    const notify = simulator.pay(input.outTradeNo);
    expect(channel.parseNotify(asReceived(notify))).toMatchObject({ ok: false, reason: 'unknown_serial' });
    await expect.poll(() => simulator.calls.at(-1)!.path).toBe('/v3/certificates');
    await expect
      .poll(() => channel.parseNotify(asReceived(simulator.notify(input.outTradeNo))).ok)
      .toBe(true);
  });

  it('without downloads, a certificate WeChat switched to is refused: the keys must be rotated by hand', async () => {
    const { simulator, config } = createWechatPayFixture();
    const channel = wechatPayV3({ ...config, downloadCertificates: false }, simulator.fetch);
    simulator.signWithPlatformCertificate(simulator.addPlatformCertificate());
    expect((await rejection(channel.prepay(order()))).code).toBe('BAD_RESPONSE_SIGNATURE');
    expect(simulator.calls.some((c) => c.path.endsWith('/v3/certificates'))).toBe(false);
  });
});
