/**
 * Tenant settings: tenant admin only; secrets are write-only (never in a reply or a log line); a
 * changed binding param is what the phones read next; another tenant is untouched; writes are audited
 * with the names of what changed.
 */
import { generateKeyPairSync } from 'node:crypto';
import { Writable } from 'node:stream';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '@server/app';
import { auditLog } from '@server/db/schema';
import { payChannels } from '@server/db/schema-finance';
import { createGateways } from '@server/gateways';
import { PAY_SECRET_FIELDS } from '@cf/shared/wire/admin-settings';
import { listenSimulator, type RunningSimulator } from '@server/gateways/wechat-pay/simulator-server';
import { createTestApp, injectFetch, type TestContext } from '@server-test/helpers';
import { createWechatPayFixture } from '@server-test/wechat-pay-fixtures';
import { officerToken } from '@server-test/finance-office';
import { bladeAuth, tokenFor } from '@server-test/issue-token';

const BASE = '/api/blade-finance/admin/settings';
const lines: string[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    done();
  },
});

/** A production deployment's settings (the tests of production behaviour share them). */
const PRODUCTION = {
  APP_MODE: 'production',
  CLIENT_ID: 'campus-web',
  CLIENT_SECRET: 'a-production-client-secret-0123456789',
  PUBLIC_URL: 'https://pay.example.edu',
  SMS_HTTP_URL: 'https://sms.example.edu/send',
  MAIL_HTTP_URL: 'https://mail.example.edu/send',
};

let ctx: TestContext;
let admin: string;
let manager: string;
let clerk: string;

const send = (method: 'GET' | 'PUT', url: string, token: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: { ...bladeAuth(token), 'accept-language': 'en' }, payload });

const phoneParams = async (tenantId: string) => {
  const res = await ctx.app.inject({ url: `/api/blade-system/param/value-list?tenantId=${tenantId}` });
  return Object.fromEntries(
    (res.json().data as { paramKey: string; paramValue: string }[]).map((p) => [p.paramKey, p.paramValue]),
  );
};

const PRIVATE_KEY = generateKeyPairSync('rsa', { modulusLength: 2048 })
  .privateKey.export({ type: 'pkcs8', format: 'pem' })
  .toString();
const API_V3_KEY = 'SecretApiV3Key_abcdefghijklmnopq';
const MCH_ID = '1609876543';
const SMS_TOKEN = 'sms-token-very-secret-1234';

beforeAll(async () => {
  ctx = await createTestApp({ LOG_LEVEL: 'debug' }, { logger: { level: 'debug', stream: sink } });
  admin = await officerToken(ctx, '100001', 'admin9', 'admin');
  manager = await officerToken(ctx, '100001', 'manager9', 'manager');
  clerk = await tokenFor(ctx, '100001', 'finance1');
});
afterAll(() => ctx.close());

describe('tenant settings', () => {
  it('refuses a clerk, a manager and a student', async () => {
    for (const token of [clerk, manager]) {
      for (const [method, url, body] of [
        ['GET', BASE, undefined],
        ['PUT', `${BASE}/params`, { params: { bind_studentNo: '0' } }],
        ['PUT', `${BASE}/pay-channels/wechat`, { apiV3Key: API_V3_KEY }],
      ] as const) {
        const res = await send(method, url, token, body);
        expect(res.statusCode).toBe(403);
        expect(res.json().msg).toBe("Only the school's administrator may do this");
      }
    }
    const student = await send('GET', BASE, await tokenFor(ctx, '100001', 'student1'));
    expect(student.statusCode).toBe(403);
    expect((await phoneParams('100001')).bind_studentNo).toBe('1');
  });

  it('a changed binding param is what the phone reads next; the other tenant keeps its own', async () => {
    const before = await phoneParams('100002');
    const res = await send('PUT', `${BASE}/params`, admin, {
      params: { bind_studentNo: '0', bind_studentNoAlias: '学号', account_registerPhone: '0' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.changed).toEqual([
      'bind_studentNo',
      'bind_studentNoAlias',
      'account_registerPhone',
    ]);
    const after = await phoneParams('100001');
    expect(after).toMatchObject({
      bind_studentNo: '0',
      bind_studentNoAlias: '学号',
      account_registerPhone: '0',
    });
    expect(await phoneParams('100002')).toEqual(before);

    const [row] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, '100001'), eq(auditLog.action, `admin PUT ${BASE}/params`)))
      .orderBy(desc(auditLog.id));
    expect(row!.detail).toMatchObject({
      changed: ['bind_studentNo', 'bind_studentNoAlias', 'account_registerPhone'],
    });

    const bad = await send('PUT', `${BASE}/params`, admin, { params: { bind_userTypes: 'student,alien' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('The value of the parameter bind_userTypes is not valid');
    const unknown = await send('PUT', `${BASE}/params`, admin, { params: { jwt_secret: 'x' } });
    expect(unknown.statusCode).toBe(400);
  });

  it('sets the mobile modules the phone reads', async () => {
    const res = await send('PUT', `${BASE}/modules`, admin, { modules: ['fee', 'order', 'fee'] });
    expect(res.statusCode).toBe(200);
    const phone = await ctx.app.inject({ url: '/api/blade-system/tenant/mobile-module?tenantId=100001' });
    expect(phone.json().data).toEqual(['fee', 'order']);
    const other = await ctx.app.inject({ url: '/api/blade-system/tenant/mobile-module?tenantId=100002' });
    expect(other.json().data).not.toEqual(['fee', 'order']);
  });

  it('keeps pay and provider secrets write-only: never in a reply, the audit log or a log line', async () => {
    // Saved while off: keys that reach no merchant account cannot be enabled (see the production tests).
    const set = await send('PUT', `${BASE}/pay-channels/wechat`, admin, {
      enabled: false,
      appId: 'wx1234567890abcdef',
      mchId: MCH_ID,
      serialNo: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
      privateKeyPem: PRIVATE_KEY,
      apiV3Key: API_V3_KEY,
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().data).toMatchObject({
      channel: 'wechat',
      appId: 'wx1234567890abcdef',
      mchId: { set: true, tail: '6543' },
      privateKeyPem: { set: true },
      apiV3Key: { set: true },
    });
    const provider = await send('PUT', `${BASE}/providers/sms`, admin, {
      httpUrl: 'https://sms.example.edu/send',
      httpToken: SMS_TOKEN,
    });
    expect(provider.statusCode).toBe(200);
    expect(provider.json().data.httpToken).toEqual({ set: true });

    const read = await send('GET', BASE, admin);
    expect(read.statusCode).toBe(200);
    const wechat = read.json().data.payChannels.find((c: { channel: string }) => c.channel === 'wechat');
    expect(wechat.mchId).toEqual({ set: true, tail: '6543' });

    // A key left out is kept; `clear` removes one.
    const cleared = await send('PUT', `${BASE}/pay-channels/wechat`, admin, { clear: ['apiV3Key'] });
    expect(cleared.json().data).toMatchObject({ apiV3Key: { set: false }, privateKeyPem: { set: true } });
    const [stored] = await ctx.database.db
      .select({ settings: payChannels.settings })
      .from(payChannels)
      .where(and(eq(payChannels.tenantId, '100001'), eq(payChannels.channel, 'wechat')));
    expect(stored!.settings.privateKeyPem).toBe(PRIVATE_KEY.trim());

    // A key that does not load is refused, naming no secret.
    const badKey = await send('PUT', `${BASE}/pay-channels/wechat`, admin, {
      apiV3Key: API_V3_KEY,
      privateKeyPem: '-----BEGIN PRIVATE KEY-----\nnot a key\n-----END PRIVATE KEY-----',
    });
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json().msg).toBe('The merchant keys cannot be used: private key');

    const audits = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.tenantId, '100001'))
      .orderBy(auditLog.id);
    const payAudit = audits.find((a) => a.action === `admin PUT ${BASE}/pay-channels/:channel`);
    expect(payAudit!.detail).toMatchObject({
      changed: ['appId', 'mchId', 'serialNo', 'privateKeyPem', 'apiV3Key', 'enabled'],
    });

    const everything = [
      set.body,
      provider.body,
      read.body,
      cleared.body,
      badKey.body,
      JSON.stringify(audits),
      lines.join('\n'),
    ].join('\n');
    expect(lines.length).toBeGreaterThan(5);
    for (const secret of [API_V3_KEY, SMS_TOKEN, MCH_ID, 'MIIE', PRIVATE_KEY.split('\n')[1]!])
      expect(everything).not.toContain(secret);
  });

  it("an open phone's next read has the change at once, from this server process or another", async () => {
    // A second API process on the same database: whatever it kept from earlier reads must not answer.
    let other: FastifyInstance | undefined = undefined;
    const gateways = createGateways(
      ctx.config,
      ctx.database.db,
      () => 'http://app.test',
      injectFetch(() => other!),
    );
    other = await buildApp({ config: ctx.config, db: ctx.database.db, gateways, logger: false });
    await other.ready();
    try {
      const phone = await tokenFor(ctx, '100001', 'student1');
      const read = (server: FastifyInstance, url: string) =>
        server.inject({ url: `${url}?tenantId=100001`, headers: bladeAuth(phone) });
      const paramOf = async (server: FastifyInstance) => {
        const res = await read(server, '/api/blade-system/param/value-list');
        expect(res.headers['cache-control']).toBe('no-cache');
        const list = res.json().data as { paramKey: string; paramValue: string }[];
        return list.find((p) => p.paramKey === 'bind_employeeField')?.paramValue;
      };
      const modulesOf = async (server: FastifyInstance) => {
        const res = await read(server, '/api/blade-system/tenant/mobile-module');
        expect(res.headers['cache-control']).toBe('no-cache');
        return res.json().data as string[];
      };
      for (const server of [ctx.app, other]) {
        await paramOf(server);
        await modulesOf(server);
      }
      for (const value of ['2', '1']) {
        expect(
          (await send('PUT', `${BASE}/params`, admin, { params: { bind_employeeField: value } })).statusCode,
        ).toBe(200);
        expect(await paramOf(ctx.app)).toBe(value);
        expect(await paramOf(other)).toBe(value);
      }
      for (const modules of [['fee', 'notice'], ['order']]) {
        expect((await send('PUT', `${BASE}/modules`, admin, { modules })).statusCode).toBe(200);
        expect(await modulesOf(ctx.app)).toEqual(modules);
        expect(await modulesOf(other)).toEqual(modules);
      }
    } finally {
      await other.close();
    }
  });

  it("another tenant's settings are its own", async () => {
    const other = await officerToken(ctx, '100002', 'admin2', 'admin');
    const read = await send('GET', BASE, other);
    expect(read.statusCode).toBe(200);
    const wechat = read.json().data.payChannels.find((c: { channel: string }) => c.channel === 'wechat');
    expect(wechat?.privateKeyPem.set ?? false).toBe(false);
    expect(read.json().data.providers[0].httpToken).toEqual({ set: false });
  });
});

describe('a pay channel in demo mode', () => {
  it('is shown as run by the stand-in, and enabled after its test call', async () => {
    const read = await send('GET', BASE, admin);
    const sandbox = read.json().data.payChannels.find((c: { channel: string }) => c.channel === 'sandbox');
    expect(sandbox).toMatchObject({ simulated: true, missing: [] });
    const on = await send('PUT', `${BASE}/pay-channels/sandbox`, admin, { enabled: true });
    expect(on.statusCode).toBe(200);
    const check = await ctx.app.inject({
      method: 'POST',
      url: `${BASE}/pay-channels/sandbox/check`,
      headers: bladeAuth(admin),
    });
    expect(check.json().data).toEqual({ ok: true, simulated: true });
  });
});

describe('a pay channel in production (issue 25 item 5)', () => {
  let prod: TestContext;
  let token: string;
  let running: RunningSimulator;
  const fixture = createWechatPayFixture();
  const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    prod.app.inject({ method, url, headers: { ...bladeAuth(token), 'accept-language': 'en' }, payload });
  const stored = async () =>
    (
      await prod.database.db
        .select()
        .from(payChannels)
        .where(and(eq(payChannels.tenantId, '100001'), eq(payChannels.channel, 'wechat')))
    )[0]!;
  beforeAll(async () => {
    running = await listenSimulator(fixture.simulator);
    prod = await createTestApp(PRODUCTION);
    token = await officerToken(prod, '100001', 'admin8', 'admin');
  });
  afterAll(async () => {
    await prod.close();
    await running.close();
  });

  it('says what is missing and cannot be enabled until the settings are complete', async () => {
    await call('PUT', `${BASE}/pay-channels/wechat`, { enabled: false, clear: [...PAY_SECRET_FIELDS] });
    const read = await call('GET', BASE);
    const wechat = read.json().data.payChannels.find((c: { channel: string }) => c.channel === 'wechat');
    expect(wechat).toMatchObject({ enabled: false, simulated: false });
    expect(wechat.missing).toEqual(
      expect.arrayContaining(['mchId', 'serialNo', 'privateKeyPem', 'apiV3Key']),
    );
    const on = await call('PUT', `${BASE}/pay-channels/wechat`, { enabled: true });
    expect(on.statusCode).toBe(400);
    expect(on.json().msg).toMatch(
      /^Fill in first: (App ID|Merchant ID) \(a channel is enabled once complete and tested\)$/,
    );
    expect((await stored()).enabled).toBe(false);
    const check = await call('POST', `${BASE}/pay-channels/wechat/check`);
    expect(check.statusCode).toBe(400);
  });

  it('switches WeChat H5 and Native on only for a complete merchant account (issue 27)', async () => {
    await call('PUT', `${BASE}/pay-channels/wechat`, { enabled: false, clear: [...PAY_SECRET_FIELDS] });
    // Switching one off never needs the keys.
    const off = await call('PUT', `${BASE}/pay-channels/wechat`, { h5Enabled: false, nativeEnabled: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().data).toMatchObject({ h5Enabled: false, nativeEnabled: false });
    const h5 = await call('PUT', `${BASE}/pay-channels/wechat`, { h5Enabled: true });
    expect(h5.statusCode).toBe(400);
    expect(h5.json().msg).toMatch(/^Fill in first: /);
    expect((await stored()).settings.h5Enabled).toBe(false);
  });

  it('is enabled when a test call signed with its keys is answered, and a change that breaks it is refused', async () => {
    const { config } = fixture;
    await prod.database.db
      .update(payChannels)
      .set({
        enabled: false,
        settings: {
          appId: config.appId,
          mchId: config.mchId,
          serialNo: config.serialNo,
          privateKeyPem: config.privateKeyPem,
          apiV3Key: config.apiV3Key,
          platformPublicKeys: config.platformPublicKeys,
          baseUrl: running.url,
        },
      })
      .where(and(eq(payChannels.tenantId, '100001'), eq(payChannels.channel, 'wechat')));
    const calls = fixture.simulator.calls.length;
    const on = await call('PUT', `${BASE}/pay-channels/wechat`, { enabled: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data).toMatchObject({ enabled: true, missing: [], simulated: false });
    // The test call: a query of a made-up order number, which the merchant account answered "no such order".
    const query = fixture.simulator.calls.slice(calls).find((c) => c.path.includes('/out-trade-no/CHECK'));
    expect(query?.method).toBe('GET');
    const check = await call('POST', `${BASE}/pay-channels/wechat/check`);
    expect(check.json().data).toEqual({ ok: true, simulated: false });

    // A serial number WeChat does not know: refused, nothing saved, the channel stays as it was.
    const wrong = await call('PUT', `${BASE}/pay-channels/wechat`, {
      serialNo: '0000000000000000000000000000000000000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().msg).toMatch(/^The test call did not succeed \(SIGN_ERROR\); nothing was saved/);
    expect(await stored()).toMatchObject({ enabled: true, settings: { serialNo: config.serialNo } });
    // Switching it off needs no call.
    expect((await call('PUT', `${BASE}/pay-channels/wechat`, { enabled: false })).statusCode).toBe(200);
  });
});

describe("a school's provider address in production", () => {
  let prod: TestContext;
  let token: string;
  beforeAll(async () => {
    prod = await createTestApp(PRODUCTION);
    token = await officerToken(prod, '100001', 'admin9', 'admin');
  });
  afterAll(() => prod.close());

  it('is refused unless it is https and public, with the reason in the reader’s language', async () => {
    for (const httpUrl of [
      'http://sms.example.edu/send',
      'https://127.0.0.1:8443/send',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/send',
      'https://10.0.0.7/send',
    ]) {
      const res = await prod.app.inject({
        method: 'PUT',
        url: '/api/blade-finance/admin/settings/providers/sms',
        headers: { ...bladeAuth(token), 'accept-language': 'en' },
        payload: { httpUrl },
      });
      expect(res.statusCode, httpUrl).toBe(400);
      expect(res.json().msg).toBe(
        'The provider address must be an https address reachable from the internet',
      );
    }
    // Clearing the address (back to the deployment's provider) needs no check.
    const cleared = await prod.app.inject({
      method: 'PUT',
      url: '/api/blade-finance/admin/settings/providers/sms',
      headers: bladeAuth(token),
      payload: { httpUrl: '' },
    });
    expect(cleared.statusCode).toBe(200);
  });
});
