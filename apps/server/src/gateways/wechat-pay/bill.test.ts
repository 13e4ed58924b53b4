/**
 * The trade bill: WeChat's format written and read back (backtick fields, summary lines, yuan amounts
 * read exactly), and the adapter's tradebill + download against the simulator: signed like every v3
 * call, SHA1 checked, a day without trades read as an empty statement.
 */
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createWechatPayFixture } from '@server-test/wechat-pay-fixtures';
import { fenOf, formatTradeBill, packTradeBill, parseTradeBill, readTradeBill, type BillEntry } from './bill';
import { PayChannelError } from './types';

const entry = (over: Partial<BillEntry>): BillEntry => ({
  kind: 'payment',
  outNo: 'T1',
  outTradeNo: 'T1',
  transactionId: '4200000001',
  amountFen: 120000,
  state: 'SUCCESS',
  time: '2025-09-01 10:00:00',
  appId: 'wxapp',
  mchId: '1900000109',
  openId: 'o1',
  tradeType: 'JSAPI',
  description: '住宿费, 2025',
  ...over,
});

describe('the trade bill format', () => {
  it('reads back what it writes, payments and refunds', () => {
    const text = formatTradeBill([
      entry({}),
      entry({ kind: 'refund', outNo: 'R1', amountFen: 5, time: '2025-09-01 11:00:00', refundId: '5030' }),
    ]);
    expect(text.split('\r\n')[1]).toMatch(/^`2025-09-01 10:00:00,`wxapp,`1900000109,/);
    expect(text).toContain('总交易单数');
    expect(parseTradeBill(text)).toEqual([
      expect.objectContaining({ kind: 'payment', outNo: 'T1', amountFen: 120000, state: 'SUCCESS' }),
      expect.objectContaining({
        kind: 'refund',
        outNo: 'R1',
        outTradeNo: 'T1',
        amountFen: 5,
        state: 'SUCCESS',
      }),
    ]);
  });

  it('reads yuan exactly and refuses what is not an amount', () => {
    expect(fenOf('0.01')).toBe(1);
    expect(fenOf('1200.1')).toBe(120010);
    expect(fenOf('19.99')).toBe(1999);
    expect(fenOf('12')).toBe(1200);
    expect(fenOf('1.234')).toBeUndefined();
    expect(fenOf('-1.00')).toBeUndefined();
  });

  it('refuses a bill whose summary disagrees with its lines, or whose hash differs', () => {
    const text = formatTradeBill([entry({})]);
    expect(() => parseTradeBill(text.replace('`1,`1200.00', '`2,`1200.00'))).toThrow(/summary/);
    const { gzip, sha1 } = packTradeBill(text);
    expect(readTradeBill(gzip, sha1.toUpperCase(), '2025-09-01').lines).toHaveLength(1);
    const forged = gzipSync(Buffer.from(text.replace('1200.00', '1200.01')));
    expect(() => readTradeBill(forged, sha1, '2025-09-01')).toThrow(
      expect.objectContaining({ code: 'BILL_HASH_MISMATCH' }),
    );
  });
});

describe('tradebill through the adapter and the simulator', () => {
  const clock = Date.UTC(2025, 8, 1, 2, 0, 0); // 10:00 in Beijing, 2025-09-01
  const { simulator, channel } = createWechatPayFixture({ now: () => clock });

  async function paidOrder(outTradeNo: string, amountFen: number) {
    await channel.prepay({
      outTradeNo,
      description: '住宿费',
      amountFen,
      openId: 'o-openid',
      notifyUrl: 'https://campus.example/notify',
      expireAt: new Date(clock + 600_000),
    });
    simulator.pay(outTradeNo);
  }

  it('downloads the day: payments and refunds, with the signed request and the SHA1 checked', async () => {
    await paidOrder('BILL0001', 120000);
    await paidOrder('BILL0002', 300);
    await channel.refund({
      outTradeNo: 'BILL0002',
      outRefundNo: 'BILLR0002',
      refundFen: 100,
      totalFen: 300,
      reason: '',
    });
    const statement = await channel.tradeBill('2025-09-01');
    expect(statement.lines.map((l) => [l.kind, l.outNo, l.amountFen, l.state])).toEqual([
      ['payment', 'BILL0001', 120000, 'SUCCESS'],
      ['payment', 'BILL0002', 300, 'SUCCESS'],
      ['refund', 'BILLR0002', 100, 'SUCCESS'],
    ]);
    const asked = simulator.calls.filter((c) => c.path.includes('/v3/bill'));
    expect(asked.map((c) => [c.path.split('?')[0], c.status])).toEqual([
      ['/v3/bill/tradebill', 200],
      ['/v3/billdownload/file', 200],
    ]);
  });

  it('refuses a bill whose hash does not match; a day without trades is empty', async () => {
    simulator.spoilNextBillHash();
    const error = await channel.tradeBill('2025-09-01').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PayChannelError);
    expect((error as PayChannelError).code).toBe('BILL_HASH_MISMATCH');
    expect(await channel.tradeBill('2025-08-30')).toEqual({ billDate: '2025-08-30', lines: [] });
  });
});
