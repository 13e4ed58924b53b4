/**
 * Alipay in the console's pay-channel settings (production): the app id, seller id, key mode and
 * keys or certificates are saved write-only; the channel is enabled only when complete and after a
 * test call (alipay.trade.query of a made-up number, signed with the tenant's key and answered by
 * Alipay — here its simulator on a socket, set as the SDK's gateway); keys that do not load are refused.
 */
import { generateKeyPairSync } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payChannels } from '@server/db/schema-finance';
import { createAlipaySimulator, type AlipaySimulator } from '@server/gateways/alipay/simulator';
import { listenSimulator, type RunningSimulator } from '@server/gateways/wechat-pay/simulator-server';
import { createTestApp, type TestContext } from '@server-test/helpers';
import { officerToken } from '@server-test/finance-office';
import { bladeAuth } from '@server-test/issue-token';

const BASE = '/api/blade-finance/admin/settings';
const PRODUCTION = {
  APP_MODE: 'production',
  CLIENT_ID: 'campus-web',
  CLIENT_SECRET: 'a-production-client-secret-0123456789',
  PUBLIC_URL: 'https://pay.example.edu',
  SMS_HTTP_URL: 'https://sms.example.edu/send',
  MAIL_HTTP_URL: 'https://mail.example.edu/send',
};
const APP_ID = '2021004100000001';
const keys = () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey,
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
};

let prod: TestContext;
let token: string;
let running: RunningSimulator;
let simulator: AlipaySimulator;
const app = keys();

const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  prod.app.inject({ method, url, headers: { ...bladeAuth(token), 'accept-language': 'en' }, payload });
const view = async () =>
  (await call('GET', BASE)).json().data.payChannels.find((c: { channel: string }) => c.channel === 'alipay');
const stored = async () =>
  (
    await prod.database.db
      .select()
      .from(payChannels)
      .where(and(eq(payChannels.tenantId, '100001'), eq(payChannels.channel, 'alipay')))
  )[0];

beforeAll(async () => {
  const late: { simulator?: AlipaySimulator } = {};
  running = await listenSimulator({ handle: (req) => late.simulator!.handle(req) });
  simulator = late.simulator = createAlipaySimulator({
    app: { appId: APP_ID, sellerId: '2088410000000001', certificateMode: true },
    appKey: app.privateKey,
    base: running.url,
  });
  prod = await createTestApp(PRODUCTION);
  // The demo seed has Alipay on (through the simulator): these tests set the school's account up anew.
  await prod.database.db
    .delete(payChannels)
    .where(and(eq(payChannels.tenantId, '100001'), eq(payChannels.channel, 'alipay')));
  token = await officerToken(prod, '100001', 'admin7', 'admin');
});
afterAll(async () => {
  await prod?.close();
  await running?.close();
});

describe('Alipay settings in the console', () => {
  it('is offered in production, says what is missing per key mode and cannot be enabled incomplete', async () => {
    expect(await view()).toMatchObject({
      channel: 'alipay',
      configured: false,
      enabled: false,
      simulated: false,
    });
    const saved = await call('PUT', `${BASE}/pay-channels/alipay`, {
      appId: APP_ID,
      keyMode: 'key',
      privateKeyPem: app.privateKeyPem,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.body).not.toContain('PRIVATE KEY');
    expect(saved.json().data).toMatchObject({
      appId: APP_ID,
      privateKeyPem: { set: true },
      missing: ['alipayPublicKeyPem'],
      alipay: { keyMode: 'key', sellerId: '', alipayPublicKeyPem: { set: false } },
    });
    const on = await call('PUT', `${BASE}/pay-channels/alipay`, { enabled: true });
    expect(on.statusCode).toBe(400);
    expect(on.json().msg).toBe(
      'Fill in first: Alipay public key (a channel is enabled once complete and tested)',
    );
    const cert = await call('PUT', `${BASE}/pay-channels/alipay`, { keyMode: 'cert' });
    expect(cert.json().data.missing).toEqual(['appCertPem', 'alipayPublicCertPem', 'alipayRootCertPem']);
    expect((await stored())?.enabled).toBe(false);
    // A seller id that is not a partner id is refused.
    expect((await call('PUT', `${BASE}/pay-channels/alipay`, { sellerId: '12345' })).statusCode).toBe(400);
  });

  it('refuses a certificate that does not load, naming which', async () => {
    const res = await call('PUT', `${BASE}/pay-channels/alipay`, {
      appCertPem: '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----',
      alipayPublicCertPem: simulator.certificates!.alipayPublicCertPem,
      alipayRootCertPem: simulator.certificates!.alipayRootCertPem,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('The merchant keys cannot be used: application public key certificate');
  });

  it('is enabled in certificate mode after a signed test call is answered; a key Alipay does not know is refused', async () => {
    // The gateway is not a console setting: a deployment points it at Alipay's sandbox environment by hand.
    await prod.database.db
      .update(payChannels)
      .set({ settings: { ...(await stored())!.settings, gateway: `${running.url}/gateway.do` } })
      .where(and(eq(payChannels.tenantId, '100001'), eq(payChannels.channel, 'alipay')));
    const on = await call('PUT', `${BASE}/pay-channels/alipay`, {
      enabled: true,
      sellerId: '2088410000000001',
      ...simulator.certificates,
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data).toMatchObject({
      enabled: true,
      missing: [],
      simulated: false,
      alipay: {
        keyMode: 'cert',
        sellerId: '2088410000000001',
        appCertPem: { set: true },
        alipayRootCertPem: { set: true },
      },
    });
    expect(on.body).not.toContain('BEGIN CERTIFICATE');
    expect((await call('POST', `${BASE}/pay-channels/alipay/check`)).json().data).toEqual({
      ok: true,
      simulated: false,
    });

    const stranger = await call('PUT', `${BASE}/pay-channels/alipay`, {
      privateKeyPem: keys().privateKeyPem,
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().msg).toMatch(/^The test call did not succeed \(isv\.invalid-signature\)/);
    expect((await stored())!.settings.privateKeyPem).toBe(app.privateKeyPem.trim());
  });
});
