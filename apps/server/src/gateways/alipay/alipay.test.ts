/**
 * The Alipay adapter (through alipay-sdk) against the simulator — in-process and on a real socket,
 * in public-key and certificate mode — and against recorded answers signed with keys made here.
 */
import { generateKeyPairSync } from 'node:crypto';
import { unzipSync } from 'fflate';
import iconv from 'iconv-lite';
import { afterAll, describe, expect, it } from 'vitest';
import { listenSimulator, type RunningSimulator } from '../wechat-pay/simulator-server';
import { PayChannelError } from '../wechat-pay/types';
import { alipayGateway, type AlipayGatewayOptions } from './alipay';
import type { AlipayConfig } from './config';
import { createAlipaySimulator, type AlipaySimulator } from './simulator';
import { packStatement, readStatement, StatementError } from './statement';
import { rsa2Sign, signedContent } from './wire';

const APP_ID = '2021000000000001';
const SELLER = '2088000000000001';

function appKeys() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey,
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

function setup(mode: 'key' | 'cert', base = 'http://sim.test/api/dev/alipay/100001') {
  const keys = appKeys();
  const simulator = createAlipaySimulator({
    app: {
      appId: APP_ID,
      sellerId: SELLER,
      appPublicKeyPem: keys.publicKeyPem,
      certificateMode: mode === 'cert',
    },
    appKey: keys.privateKey,
    base,
  });
  const config: AlipayConfig = {
    appId: APP_ID,
    sellerId: SELLER,
    mode,
    privateKeyPem: keys.privateKeyPem,
    ...(mode === 'cert' ? simulator.certificates : { alipayPublicKeyPem: simulator.alipayPublicKeyPem }),
    gateway: `${base}/gateway.do`,
  };
  return { keys, simulator, config };
}

const options = (
  simulator: AlipaySimulator,
  extra: Partial<AlipayGatewayOptions> = {},
): AlipayGatewayOptions => ({
  notifyUrl: 'https://school.example/api/blade-finance/pay/notify/alipay/100001',
  siteUrl: 'https://school.example',
  download: simulator.fetch,
  dispatcher: simulator.dispatcher,
  ...extra,
});

const expireAt = () => new Date(Date.now() + 15 * 60_000);

/** What the payer's browser does with the prepay's address: opens the simulator's checkout and pays. */
function payAtCheckout(simulator: AlipaySimulator, checkoutUrl: string) {
  const url = new URL(checkoutUrl, 'http://sim.test');
  const opened = simulator.openCheckout(Object.fromEntries(url.searchParams));
  if (!('trade' in opened)) throw new Error(opened.refused);
  return simulator.pay(opened.trade.outTradeNo);
}

describe.each(['key', 'cert'] as const)('the Alipay adapter, %s mode, against the simulator', (mode) => {
  const { simulator, config } = setup(mode);
  const gateway = alipayGateway(config, options(simulator));

  it('sends a phone to wap.pay and a desktop to page.pay with signed URLs the simulator opens', async () => {
    const phone = await gateway.prepay({
      outTradeNo: `W${mode}1`,
      description: '学费',
      amountFen: 12_345,
      expireAt: expireAt(),
      returnUrl: '/#/pay?view=result',
    });
    const desktop = await gateway.prepay({
      outTradeNo: `W${mode}2`,
      description: '学费',
      amountFen: 100,
      expireAt: expireAt(),
      mode: 'page',
    });
    const phoneUrl = new URL((phone as { checkoutUrl: string }).checkoutUrl);
    expect(phoneUrl.searchParams.get('method')).toBe('alipay.trade.wap.pay');
    expect(phoneUrl.searchParams.get('return_url')).toBe('https://school.example/#/pay?view=result');
    expect(JSON.parse(phoneUrl.searchParams.get('biz_content')!)).toMatchObject({
      total_amount: '123.45',
      product_code: 'QUICK_WAP_WAY',
    });
    if (mode === 'cert') expect(phoneUrl.searchParams.get('app_cert_sn')).toMatch(/^[0-9a-f]{32}$/);
    expect(new URL((desktop as { checkoutUrl: string }).checkoutUrl).searchParams.get('method')).toBe(
      'alipay.trade.page.pay',
    );
    // Not at Alipay until the payer opens the cashier.
    expect(await gateway.query(`W${mode}1`)).toEqual({ state: 'NOTFOUND' });
    const trade = payAtCheckout(simulator, (phone as { checkoutUrl: string }).checkoutUrl);
    expect(await gateway.query(`W${mode}1`)).toMatchObject({
      state: 'SUCCESS',
      transactionId: trade.tradeNo,
      amountFen: 12_345,
    });
  });

  it('closes an unpaid trade, refuses to close a paid one, and refunds in parts with their own request numbers', async () => {
    const open = await gateway.prepay({
      outTradeNo: `C${mode}`,
      description: 'x',
      amountFen: 500,
      expireAt: expireAt(),
    });
    simulator.openCheckout(
      Object.fromEntries(new URL((open as { checkoutUrl: string }).checkoutUrl).searchParams),
    );
    await gateway.close(`C${mode}`);
    expect((await gateway.query(`C${mode}`)).state).toBe('CLOSED');
    await expect(gateway.close(`NEVER${mode}`)).rejects.toMatchObject({ code: 'ORDER_NOT_EXIST' });

    const paid = await gateway.prepay({
      outTradeNo: `R${mode}`,
      description: 'x',
      amountFen: 10_000,
      expireAt: expireAt(),
    });
    payAtCheckout(simulator, (paid as { checkoutUrl: string }).checkoutUrl);
    await expect(gateway.close(`R${mode}`)).rejects.toMatchObject({ code: 'ORDERPAID' });
    const refund = { outTradeNo: `R${mode}`, totalFen: 10_000, reason: '退费' };
    expect(await gateway.refund({ ...refund, outRefundNo: 'RF1', refundFen: 3_000 })).toMatchObject({
      status: 'SUCCESS',
    });
    // The same request again is Alipay's idempotent repeat (fund_change N), answered by the refund query.
    expect(await gateway.refund({ ...refund, outRefundNo: 'RF1', refundFen: 3_000 })).toMatchObject({
      status: 'SUCCESS',
    });
    await expect(gateway.refund({ ...refund, outRefundNo: 'RF2', refundFen: 7_001 })).rejects.toBeInstanceOf(
      PayChannelError,
    );
    expect(await gateway.queryRefund('RF1', `R${mode}`)).toMatchObject({ status: 'SUCCESS' });
    await expect(gateway.queryRefund('RF9', `R${mode}`)).rejects.toMatchObject({
      code: 'RESOURCE_NOT_EXISTS',
    });
    expect((await gateway.query(`R${mode}`)).state).toBe('SUCCESS');
    await gateway.refund({ ...refund, outRefundNo: 'RF2', refundFen: 7_000 });
    // Refunded in full: Alipay closes the trade; the payment still counts.
    expect((await gateway.query(`R${mode}`)).state).toBe('REFUND');

    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const statement = await gateway.statement(today);
    expect(statement.lines.filter((l) => l.outTradeNo === `R${mode}`)).toEqual([
      expect.objectContaining({ kind: 'payment', outNo: `R${mode}`, amountFen: 10_000 }),
      expect.objectContaining({ kind: 'refund', outNo: 'RF1', amountFen: 3_000 }),
      expect.objectContaining({ kind: 'refund', outNo: 'RF2', amountFen: 7_000 }),
    ]);
  });

  it('verifies notifies: honest ones pass; forged, tampered, misaddressed or stale ones are refused', async () => {
    const paid = await gateway.prepay({
      outTradeNo: `N${mode}`,
      description: 'x',
      amountFen: 800,
      expireAt: expireAt(),
    });
    const trade = payAtCheckout(simulator, (paid as { checkoutUrl: string }).checkoutUrl);
    const parse = (rawBody: string) => gateway.parseNotify({ headers: {}, rawBody });
    expect(parse(simulator.notifyOf(`N${mode}`).rawBody)).toMatchObject({
      ok: true,
      event: {
        outTradeNo: `N${mode}`,
        transactionId: trade.tradeNo,
        tradeState: 'SUCCESS',
        amountFen: 800,
        appId: APP_ID,
        mchId: SELLER,
      },
    });
    expect(parse(simulator.notifyOf(`N${mode}`, { forgeSignature: true }).rawBody)).toMatchObject({
      ok: false,
      reason: 'bad_signature',
    });
    expect(parse(simulator.notifyOf(`N${mode}`, { tamperBody: true }).rawBody)).toMatchObject({
      ok: false,
      reason: 'bad_signature',
    });
    expect(parse(simulator.notifyOf(`N${mode}`, { appId: '2021999999999999' }).rawBody)).toMatchObject({
      ok: false,
      reason: 'appid_mismatch',
    });
    expect(parse(simulator.notifyOf(`N${mode}`, { sellerId: '2088999999999999' }).rawBody)).toMatchObject({
      ok: false,
      reason: 'mchid_mismatch',
    });
    expect(
      parse(simulator.notifyOf(`N${mode}`, { notifyTime: Date.now() - 3600_000 }).rawBody),
    ).toMatchObject({ ok: false, reason: 'stale_timestamp' });
    expect(parse('trade_status=TRADE_SUCCESS')).toMatchObject({ ok: false });
  });
});

describe('the Alipay adapter over HTTP', () => {
  let running: RunningSimulator | undefined;
  afterAll(async () => running?.close());

  it('talks to the simulator on a real socket through the SDK gateway setting', async () => {
    const keys = appKeys();
    const late: { simulator?: AlipaySimulator } = {};
    running = await listenSimulator({ handle: (req) => late.simulator!.handle(req) });
    const simulator = (late.simulator = createAlipaySimulator({
      app: { appId: APP_ID, sellerId: SELLER, appPublicKeyPem: keys.publicKeyPem },
      base: running.url,
    }));
    const config: AlipayConfig = {
      appId: APP_ID,
      mode: 'key',
      privateKeyPem: keys.privateKeyPem,
      alipayPublicKeyPem: simulator.alipayPublicKeyPem,
      gateway: `${running.url}/gateway.do`,
    };
    const gateway = alipayGateway(config, {
      notifyUrl: 'https://x/notify',
      siteUrl: 'https://x',
      download: simulator.fetch,
    });
    expect(await gateway.query('NONE')).toEqual({ state: 'NOTFOUND' });
    // Another application's key: the simulator refuses the signature.
    const stranger = alipayGateway(
      { ...config, privateKeyPem: appKeys().privateKeyPem },
      { notifyUrl: 'x', siteUrl: 'x', download: simulator.fetch },
    );
    await expect(stranger.query('NONE')).rejects.toMatchObject({ code: 'isv.invalid-signature' });
    // Nobody listening: the channel is unreachable, said as such.
    const nowhere = alipayGateway(
      { ...config, gateway: 'http://127.0.0.1:1/gateway.do' },
      { notifyUrl: 'x', siteUrl: 'x', download: simulator.fetch },
    );
    await expect(nowhere.query('NONE')).rejects.toMatchObject({ code: 'UNREACHABLE' });
  });
});

describe('the Alipay adapter against recorded answers', () => {
  it("accepts an answer signed with Alipay's key and refuses one signed with another", async () => {
    const app = appKeys();
    const alipay = appKeys();
    const other = appKeys();
    const recorded = (key: typeof alipay) => {
      const body =
        '{"code":"10000","msg":"Success","trade_no":"2026112822001400001","out_trade_no":"T1","trade_status":"TRADE_SUCCESS","total_amount":"88.00","send_pay_date":"2026-11-28 10:00:00"}';
      return `{"alipay_trade_query_response":${body},"sign":"${rsa2Sign(body, key.privateKey)}"}`;
    };
    let answer = recorded(alipay);
    const { MockAgent } = await import('undici');
    const agent = new MockAgent();
    agent.disableNetConnect();
    agent
      .get('https://openapi.example')
      .intercept({ path: () => true, method: 'POST' })
      .reply(() => ({ statusCode: 200, data: answer }))
      .persist();
    const gateway = alipayGateway(
      {
        appId: APP_ID,
        mode: 'key',
        privateKeyPem: app.privateKeyPem,
        alipayPublicKeyPem: alipay.publicKeyPem,
        gateway: 'https://openapi.example/gateway.do',
      },
      {
        notifyUrl: 'x',
        siteUrl: 'x',
        download: async () => {
          throw new Error('no');
        },
        dispatcher: async () => agent,
      },
    );
    expect(await gateway.query('T1')).toEqual({
      state: 'SUCCESS',
      transactionId: '2026112822001400001',
      amountFen: 8_800,
      successTime: '2026-11-28T10:00:00+08:00',
    });
    answer = recorded(other);
    await expect(gateway.query('T1')).rejects.toMatchObject({ code: 'BAD_RESPONSE_SIGNATURE' });
    // A recorded notify, signed over the sorted parameters without sign and sign_type.
    const params: Record<string, string> = {
      app_id: APP_ID,
      notify_id: 'n1',
      notify_time: new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' '),
      notify_type: 'trade_status_sync',
      out_trade_no: 'T1',
      trade_no: '2026112822001400001',
      trade_status: 'TRADE_CLOSED',
      total_amount: '88.00',
    };
    params.sign = rsa2Sign(signedContent(params, ['sign', 'sign_type']), alipay.privateKey);
    params.sign_type = 'RSA2';
    expect(
      gateway.parseNotify({ headers: {}, rawBody: new URLSearchParams(params).toString() }),
    ).toMatchObject({ ok: true, event: { tradeState: 'CLOSED' } });
  });

  it("reads a statement zip of GBK CSV files with Alipay's header and footer lines", () => {
    const zip = packStatement('2088000000000001', '2026-11-28', [
      {
        kind: 'payment',
        tradeNo: '2026112822001',
        outTradeNo: 'T1',
        subject: '学费',
        createdAt: '2026-11-28 09:00:00',
        finishedAt: '2026-11-28 09:00:05',
        amountFen: 12_345,
        totalFen: 12_345,
        buyer: 'a***@b.c',
      },
      {
        kind: 'refund',
        tradeNo: '2026112822001',
        outTradeNo: 'T1',
        subject: '学费',
        createdAt: '2026-11-28 09:00:00',
        finishedAt: '2026-11-28 11:00:00',
        amountFen: 45,
        totalFen: 12_345,
        outRequestNo: 'RF1',
        buyer: 'a***@b.c',
      },
    ]);
    const files = unzipSync(new Uint8Array(zip));
    const detail = Object.entries(files).find(([name]) => name.endsWith('_业务明细.csv'))!;
    const text = iconv.decode(Buffer.from(detail[1]), 'gbk');
    expect(text.split('\r\n')[0]).toBe('#支付宝业务明细查询');
    expect(text).toContain('#交易合计：1笔，退款合计：1笔');
    // GBK, not UTF-8: the bytes of 学费 differ.
    expect(Buffer.from(detail[1]).includes(Buffer.from('学费', 'utf8'))).toBe(false);
    expect(readStatement(new Uint8Array(zip), '2026-11-28').lines).toEqual([
      {
        kind: 'payment',
        outNo: 'T1',
        outTradeNo: 'T1',
        transactionId: '2026112822001',
        amountFen: 12_345,
        state: 'SUCCESS',
        time: '2026-11-28 09:00:05',
      },
      {
        kind: 'refund',
        outNo: 'RF1',
        outTradeNo: 'T1',
        transactionId: '2026112822001',
        amountFen: 45,
        state: 'SUCCESS',
        time: '2026-11-28 11:00:00',
      },
    ]);
    expect(() => readStatement(new Uint8Array([1, 2, 3]), '2026-11-28')).toThrow(StatementError);
  });
});

describe("the simulator's notifies", () => {
  it("are sent again on Alipay's schedule (scaled) until the answer is exactly success, with one notify_id", async () => {
    const keys = appKeys();
    const sent: { at: number; body: URLSearchParams }[] = [];
    const answers = ['fail', 'SUCCESS', 'success'];
    const simulator = createAlipaySimulator({
      app: { appId: APP_ID, sellerId: SELLER, appPublicKeyPem: keys.publicKeyPem },
      base: 'http://sim.test/alipay',
      sendNotify: async (_url, body) => {
        sent.push({ at: Date.now(), body: new URLSearchParams(body) });
        const text = answers[sent.length - 1] ?? 'success';
        return { status: 200, text: async () => text };
      },
      // 4 min -> 4 ms, 10 min -> 10 ms.
      retryScale: 1 / 60_000,
    });
    const config: AlipayConfig = {
      appId: APP_ID,
      mode: 'key',
      privateKeyPem: keys.privateKeyPem,
      alipayPublicKeyPem: simulator.alipayPublicKeyPem,
      gateway: 'http://sim.test/alipay/gateway.do',
    };
    const gateway = alipayGateway(config, options(simulator));
    const paid = await gateway.prepay({
      outTradeNo: 'SCHED1',
      description: 'x',
      amountFen: 100,
      expireAt: expireAt(),
    });
    payAtCheckout(simulator, (paid as { checkoutUrl: string }).checkoutUrl);
    await simulator.idle();
    // A wrong answer ("fail", or "SUCCESS" in capitals) is retried; "success" ends it.
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((s) => s.body.get('notify_id'))).size).toBe(1);
    expect(sent[1]!.at - sent[0]!.at).toBeGreaterThanOrEqual(3);
    expect(sent[2]!.at - sent[1]!.at).toBeGreaterThanOrEqual(9);
    for (const s of sent)
      expect(gateway.parseNotify({ headers: {}, rawBody: s.body.toString() })).toMatchObject({ ok: true });
  });
});
