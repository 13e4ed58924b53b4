/**
 * Each school's SMS and mail go through its own provider when its settings name one, else through
 * the deployment's: the requests really reach provider stand-ins on loopback ports, with the right
 * token. A settings change is in force for the next send (in this process and in another one), and
 * no token shows in a settings reply or a log line.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, injectFetch, type TestContext } from '@server-test/helpers';
import { officerToken } from '@server-test/finance-office';
import { bladeAuth } from '@server-test/issue-token';
import { startProviderStandin, type ProviderStandin } from '@server-test/notify-provider-standin';
import { httpSms } from './http-notify';
import { createNotifyGateways } from './notify-providers';

const SETTINGS = '/api/blade-finance/admin/settings';
const SEND_CODE = '/api/blade-resource/sms/endpoint/send-validate';

const DEPLOY_SMS_TOKEN = 'deploy-sms-token-0f3a9c';
const DEPLOY_MAIL_TOKEN = 'deploy-mail-token-7b21de';
const SCHOOL_SMS_TOKEN = 'school-sms-token-5e8d41';
const SCHOOL_SMS_TOKEN_2 = 'school-sms-token-2-c0ffee';
const SCHOOL_MAIL_TOKEN = 'school-mail-token-9a7b6c';
const WRONG_TOKEN = 'school-wrong-token-d15ea5e';
const TOKENS = [
  DEPLOY_SMS_TOKEN,
  DEPLOY_MAIL_TOKEN,
  SCHOOL_SMS_TOKEN,
  SCHOOL_SMS_TOKEN_2,
  SCHOOL_MAIL_TOKEN,
  WRONG_TOKEN,
];

const lines: string[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    done();
  },
});

let ctx: TestContext;
let admin: string;
let deploySms: ProviderStandin;
let deployMail: ProviderStandin;
let schoolSms: ProviderStandin;
let schoolSms2: ProviderStandin;
let schoolMail: ProviderStandin;
let phoneNo = 0;
let addressNo = 0;

/** Asks for a code as a phone of the tenant does; each from its own phone and address. */
async function textCode(tenantId: string) {
  const phone = `1390000${String(++phoneNo).padStart(4, '0')}`;
  const res = await ctx.app.inject({
    method: 'POST',
    url: `${SEND_CODE}?tenantId=${tenantId}&phone=${phone}`,
    remoteAddress: `10.1.0.${++addressNo}`,
  });
  return { phone, status: res.statusCode };
}

const setProvider = async (kind: 'sms' | 'mail', body: object) => {
  const res = await ctx.app.inject({
    method: 'PUT',
    url: `${SETTINGS}/providers/${kind}`,
    headers: bladeAuth(admin),
    payload: body,
  });
  expect(res.statusCode).toBe(200);
  return res;
};

const last = (standin: ProviderStandin) => standin.received.at(-1);

beforeAll(async () => {
  [deploySms, deployMail, schoolSms, schoolSms2, schoolMail] = await Promise.all([
    startProviderStandin(DEPLOY_SMS_TOKEN),
    startProviderStandin(DEPLOY_MAIL_TOKEN),
    startProviderStandin(SCHOOL_SMS_TOKEN),
    startProviderStandin(SCHOOL_SMS_TOKEN_2),
    startProviderStandin(SCHOOL_MAIL_TOKEN),
  ]);
  ctx = await createTestApp(
    {
      LOG_LEVEL: 'debug',
      SMS_HTTP_URL: deploySms.url,
      SMS_HTTP_TOKEN: DEPLOY_SMS_TOKEN,
      MAIL_HTTP_URL: deployMail.url,
      MAIL_HTTP_TOKEN: DEPLOY_MAIL_TOKEN,
    },
    { logger: { level: 'debug', stream: sink } },
  );
  admin = await officerToken(ctx, '100001', 'admin-notify', 'admin');
});

afterAll(async () => {
  await ctx.close();
  await Promise.all([deploySms, deployMail, schoolSms, schoolSms2, schoolMail].map((s) => s.close()));
});

describe('SMS and mail per tenant', () => {
  it("a school with its own SMS provider texts through it; another school through the deployment's", async () => {
    await setProvider('sms', { httpUrl: schoolSms.url, sender: '示范学院', httpToken: SCHOOL_SMS_TOKEN });

    const own = await textCode('100001');
    expect(own.status).toBe(200);
    expect(schoolSms.received).toHaveLength(1);
    expect(last(schoolSms)).toMatchObject({
      accepted: true,
      authorization: `Bearer ${SCHOOL_SMS_TOKEN}`,
      body: { phone: own.phone, sender: '示范学院', text: expect.stringMatching(/\d{6}/) },
    });
    expect(deploySms.received).toHaveLength(0);

    const other = await textCode('100002');
    expect(other.status).toBe(200);
    expect(deploySms.received).toHaveLength(1);
    expect(last(deploySms)).toMatchObject({
      accepted: true,
      authorization: `Bearer ${DEPLOY_SMS_TOKEN}`,
      body: { phone: other.phone, text: expect.stringMatching(/\d{6}/) },
    });
    expect(last(deploySms)!.body).not.toHaveProperty('sender');
    expect(schoolSms.received).toHaveLength(1);
  });

  it('the next send after a change uses the new settings, in this process and in another', async () => {
    // Another API process on the same database, which has sent through the old settings already.
    const otherProcess = createNotifyGateways({
      config: ctx.config,
      db: ctx.database.db,
      fetchFn: injectFetch(() => ctx.app),
    });
    await otherProcess.sms.send('100001', '13911110000', 'before the change');
    expect(last(schoolSms)!.body).toMatchObject({ phone: '13911110000' });

    await setProvider('sms', { httpUrl: schoolSms2.url, httpToken: SCHOOL_SMS_TOKEN_2 });
    const next = await textCode('100001');
    expect(next.status).toBe(200);
    expect(last(schoolSms2)).toMatchObject({
      accepted: true,
      authorization: `Bearer ${SCHOOL_SMS_TOKEN_2}`,
      body: { phone: next.phone, sender: '示范学院' },
    });
    await otherProcess.sms.send('100001', '13911110001', 'after the change');
    expect(last(schoolSms2)).toMatchObject({ accepted: true, body: { phone: '13911110001' } });
    expect(last(schoolSms)!.body).toMatchObject({ phone: '13911110000' });

    // No address: the deployment's provider and token again, with the school's own sign name.
    await setProvider('sms', { httpUrl: '' });
    const back = await textCode('100001');
    expect(back.status).toBe(200);
    expect(last(deploySms)).toMatchObject({
      accepted: true,
      authorization: `Bearer ${DEPLOY_SMS_TOKEN}`,
      body: { phone: back.phone, sender: '示范学院' },
    });
  });

  it("mails through the school's address, never with the deployment's token", async () => {
    await setProvider('mail', { httpUrl: schoolMail.url, sender: 'finance@college.example.edu' });
    await expect(ctx.app.gateways.mail.send('100001', 'a@example.com', 'Subject', 'Body')).rejects.toThrow(
      /provider answered 401/,
    );
    expect(last(schoolMail)).toMatchObject({ accepted: false, body: { to: 'a@example.com' } });
    expect(last(schoolMail)!.authorization).toBeUndefined();

    await setProvider('mail', { httpToken: SCHOOL_MAIL_TOKEN });
    await ctx.app.gateways.mail.send('100001', 'a@example.com', 'Subject', 'Body');
    expect(last(schoolMail)).toMatchObject({
      accepted: true,
      authorization: `Bearer ${SCHOOL_MAIL_TOKEN}`,
      body: { to: 'a@example.com', subject: 'Subject', body: 'Body', sender: 'finance@college.example.edu' },
    });
    expect(deployMail.received).toHaveLength(0);

    await ctx.app.gateways.mail.send('100002', 'b@example.com', 'Other', 'School');
    expect(deployMail.received).toEqual([
      {
        path: '/send',
        accepted: true,
        authorization: `Bearer ${DEPLOY_MAIL_TOKEN}`,
        body: { to: 'b@example.com', subject: 'Other', body: 'School' },
      },
    ]);
  });

  it('no token in a settings reply or a log line, even when the provider refuses one', async () => {
    await setProvider('sms', { httpUrl: schoolSms.url, httpToken: WRONG_TOKEN });
    const refused = await textCode('100001');
    expect(refused.status).toBe(502);
    expect(last(schoolSms)).toMatchObject({ accepted: false, authorization: `Bearer ${WRONG_TOKEN}` });

    const read = await ctx.app.inject({ url: SETTINGS, headers: bladeAuth(admin) });
    expect(read.statusCode).toBe(200);
    expect(read.json().data.providers).toEqual([
      { kind: 'sms', httpUrl: schoolSms.url, sender: '示范学院', httpToken: { set: true } },
      {
        kind: 'mail',
        httpUrl: schoolMail.url,
        sender: 'finance@college.example.edu',
        httpToken: { set: true },
      },
    ]);

    const log = lines.join('\n');
    // The refusal is logged with its cause, so the log is really being read here.
    expect(log).toContain('provider answered 401');
    for (const token of TOKENS) {
      expect(read.body).not.toContain(token);
      expect(log).not.toContain(token);
    }
  });

  it("keeps a token out of the error even when the provider's answer repeats it", async () => {
    const echo = httpSms(
      async (_url, init) => ({
        status: 400,
        text: async () => `bad request: ${init?.headers?.authorization}`,
      }),
      { url: 'https://sms.example.edu/send', token: SCHOOL_SMS_TOKEN },
    );
    const error = await echo.send({ phone: '13900000000', text: 'x' }).catch((e: Error) => e);
    expect(String(error)).toContain('provider answered 400: bad request: Bearer [REDACTED]');
    expect(String(error)).not.toContain(SCHOOL_SMS_TOKEN);
  });

  it('in production, refuses a school address that is not public before any request is made', async () => {
    const production = { ...ctx.config, mode: 'production' as const };
    const asked: string[] = [];
    const fetchFn = async (url: string) => {
      asked.push(url);
      return { status: 200, text: async () => '' };
    };
    // The school's stand-in listens on loopback: in production that address is refused.
    await setProvider('sms', { httpUrl: schoolSms.url, httpToken: SCHOOL_SMS_TOKEN });
    const inner = createNotifyGateways({ config: production, db: ctx.database.db, fetchFn });
    await expect(inner.sms.send('100001', '13911112222', 'x')).rejects.toThrow(/https|public/);
    expect(asked).toEqual([]);

    // An https name resolving to a public address is posted to.
    await setProvider('sms', { httpUrl: 'https://sms.example.edu/send', httpToken: SCHOOL_SMS_TOKEN });
    const outer = createNotifyGateways({
      config: production,
      db: ctx.database.db,
      fetchFn,
      lookup: async () => [{ address: '93.184.216.34' }],
    });
    await outer.sms.send('100001', '13911112222', 'x');
    expect(asked).toEqual(['https://sms.example.edu/send']);

    // The same name resolving to a private address (a rebinding attempt) is refused.
    const rebound = createNotifyGateways({
      config: production,
      db: ctx.database.db,
      fetchFn,
      lookup: async () => [{ address: '10.0.0.7' }],
    });
    await expect(rebound.sms.send('100001', '13911112222', 'x')).rejects.toThrow(/public/);
    expect(asked).toHaveLength(1);
  });
});
