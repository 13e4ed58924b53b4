/**
 * Who pays with WeChat Pay: the openid of the payer's WeChat sign-in. With real merchant keys (here a
 * simulator on a socket standing in for WeChat, reached like WeChat) a password sign-in has no openid
 * WeChat would accept, so it is told to sign in with WeChat; only the demo simulator takes a stand-in id.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWechatPayFixture } from '@server-test/wechat-pay-fixtures';
import { listenSimulator, type RunningSimulator } from '@server/gateways/wechat-pay/simulator-server';
import { createTestApp, type TestContext } from '@server-test/helpers';
import { bladeAuth, tokenFor, wechatTokenFor } from '@server-test/issue-token';
import { UNI, createPayOrder, enableChannels } from '@server-test/pay-fixtures';

let ctx: TestContext;
let running: RunningSimulator;
const wechat = createWechatPayFixture();

beforeAll(async () => {
  // WeChat posts notifies to https only: a real merchant needs the public https address.
  ctx = await createTestApp({ PUBLIC_URL: 'https://pay.example.edu' });
  running = await listenSimulator(wechat.simulator);
  // Complete merchant settings: the tenant talks to "WeChat" with the real adapter, no simulator of ours.
  await enableChannels(ctx.database.db, UNI, {
    wechat: {
      mchId: wechat.config.mchId,
      appId: wechat.config.appId,
      serialNo: wechat.config.serialNo,
      privateKeyPem: wechat.merchantKeys.privateKeyPem,
      apiV3Key: wechat.config.apiV3Key,
      platformPublicKeys: wechat.config.platformPublicKeys,
      baseUrl: running.url,
    },
  });
});
afterAll(async () => {
  await running?.close();
  await ctx?.close();
});

const prepay = (orderNo: string, token: string, lang = 'en') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/blade-finance/pay/prepay',
    headers: { ...bladeAuth(token), 'accept-language': lang },
    payload: { orderNo, channel: 'wechat' },
  });

describe('the WeChat Pay payer with real merchant keys', () => {
  it('refuses a password sign-in with a clear message instead of inventing an openid', async () => {
    const order = await createPayOrder(ctx);
    const token = await tokenFor(ctx, UNI, 'student1');
    const res = await prepay(order.orderNo, token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      msg: expect.stringMatching(/^WeChat Pay needs a WeChat sign-in/),
    });
    expect((await prepay(order.orderNo, token, 'zh')).json().msg).toMatch(/^微信支付需要微信登录/);
    // Nothing reached WeChat: no trade under an invented openid.
    expect(wechat.simulator.order(order.orderNo)).toBeUndefined();
  });

  it("prepays with the openid of the payer's WeChat sign-in", async () => {
    const order = await createPayOrder(ctx);
    const res = await prepay(
      order.orderNo,
      await wechatTokenFor(ctx, UNI, 'student1', 'oREALopenid_student1'),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data.jsapi.package).toMatch(/^prepay_id=/);
    expect(wechat.simulator.order(order.orderNo)).toMatchObject({
      openId: 'oREALopenid_student1',
      notifyUrl: `https://pay.example.edu/api/blade-finance/pay/notify/wechat/${UNI}`,
    });
  });
});
