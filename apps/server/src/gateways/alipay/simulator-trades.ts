/**
 * The Alipay simulator's trade book and the OpenAPI methods that read and move it: alipay.trade.query,
 * close, refund, fastpay.refund.query and the statement's download address; and the statement's lines.
 */
import { randomBytes } from 'node:crypto';
import type { SimResponse } from '../wechat-pay/simulator';
import type { AlipayBillEntry } from './statement';
import { ALIPAY_METHODS, beijingClock, fenOfYuan, yuanOf, type AlipayTradeStatus } from './wire';

export interface SimTrade {
  outTradeNo: string;
  tradeNo: string;
  totalFen: number;
  subject: string;
  status: AlipayTradeStatus;
  createdAt: number;
  paidAt?: number;
  expireAt?: number;
  notifyUrl: string;
  returnUrl: string;
  notifyId: string;
  buyerId: string;
  refunds: Map<string, { fen: number; at: number }>;
}

/** How the simulator answers a method: a signed success, or a signed refusal. */
export interface MethodReplies {
  answer(method: string, body: Record<string, unknown>): SimResponse;
  error(method: string, subCode: string, subMsg: string, code?: string): SimResponse;
}

export interface TradeBook {
  trades: Map<string, SimTrade>;
  /** Download tokens of statements handed out: token -> bill date. */
  billTokens: Map<string, string>;
  /** The simulator's address (the statement's download address lives under it). */
  base: string;
  now: () => number;
}

/** A biz_content field as text ('' when absent). */
export const textOf = (v: unknown) => (typeof v === 'string' ? v : v === undefined ? '' : String(v));

/** The refunded total of a trade. */
export const refundedFen = (t: SimTrade) => [...t.refunds.values()].reduce((sum, r) => sum + r.fen, 0);

export function tradeMethods(book: TradeBook, { answer, error }: MethodReplies) {
  const { trades, billTokens, now } = book;

  function query(method: string, biz: Record<string, unknown>): SimResponse {
    const t = trades.get(textOf(biz.out_trade_no));
    if (!t) return error(method, 'ACQ.TRADE_NOT_EXIST', '交易不存在');
    return answer(method, {
      code: '10000',
      msg: 'Success',
      trade_no: t.tradeNo,
      out_trade_no: t.outTradeNo,
      buyer_logon_id: 'stu***@example.com',
      trade_status: t.status,
      total_amount: yuanOf(t.totalFen),
      ...(t.paidAt ? { send_pay_date: beijingClock(new Date(t.paidAt)), buyer_user_id: t.buyerId } : {}),
    });
  }

  function close(method: string, biz: Record<string, unknown>): SimResponse {
    const t = trades.get(textOf(biz.out_trade_no));
    if (!t) return error(method, 'ACQ.TRADE_NOT_EXIST', '交易不存在');
    if (t.status !== 'WAIT_BUYER_PAY' && t.status !== 'TRADE_CLOSED')
      return error(method, 'ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
    t.status = 'TRADE_CLOSED';
    return answer(method, { code: '10000', msg: 'Success', trade_no: t.tradeNo, out_trade_no: t.outTradeNo });
  }

  function refund(method: string, biz: Record<string, unknown>): SimResponse {
    const t = trades.get(textOf(biz.out_trade_no));
    if (!t) return error(method, 'ACQ.TRADE_NOT_EXIST', '交易不存在');
    const requestNo = textOf(biz.out_request_no) || t.outTradeNo;
    const fen = fenOfYuan(textOf(biz.refund_amount));
    if (fen === undefined || fen <= 0)
      return error(method, 'ACQ.INVALID_PARAMETER', 'refund_amount', '40002');
    const done = (fundChange: 'Y' | 'N') =>
      answer(method, {
        code: '10000',
        msg: 'Success',
        trade_no: t.tradeNo,
        out_trade_no: t.outTradeNo,
        fund_change: fundChange,
        refund_fee: yuanOf(refundedFen(t)),
        gmt_refund_pay: beijingClock(new Date(now())),
      });
    const earlier = t.refunds.get(requestNo);
    if (earlier) {
      return earlier.fen === fen
        ? done('N')
        : error(method, 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额与原请求不一致');
    }
    if (!t.paidAt) return error(method, 'ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
    if (refundedFen(t) + fen > t.totalFen)
      return error(method, 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额超限');
    t.refunds.set(requestNo, { fen, at: now() });
    // Refunded in full: Alipay closes the trade.
    if (refundedFen(t) === t.totalFen) t.status = 'TRADE_CLOSED';
    return done('Y');
  }

  function refundQuery(method: string, biz: Record<string, unknown>): SimResponse {
    const t = trades.get(textOf(biz.out_trade_no));
    if (!t) return error(method, 'ACQ.TRADE_NOT_EXIST', '交易不存在');
    const requestNo = textOf(biz.out_request_no);
    const r = t.refunds.get(requestNo);
    // An unknown request: success without refund fields, as Alipay answers it.
    if (!r) return answer(method, { code: '10000', msg: 'Success' });
    return answer(method, {
      code: '10000',
      msg: 'Success',
      trade_no: t.tradeNo,
      out_trade_no: t.outTradeNo,
      out_request_no: requestNo,
      total_amount: yuanOf(t.totalFen),
      refund_amount: yuanOf(r.fen),
      refund_status: 'REFUND_SUCCESS',
      gmt_refund_pay: beijingClock(new Date(r.at)),
    });
  }

  function billUrl(method: string, biz: Record<string, unknown>): SimResponse {
    const billDate = textOf(biz.bill_date);
    if (textOf(biz.bill_type) !== 'trade' || !/^\d{4}-\d{2}-\d{2}$/.test(billDate))
      return error(method, 'isp.bill_type_not_exist', 'bill_type / bill_date', '40004');
    const token = randomBytes(12).toString('hex');
    billTokens.set(token, billDate);
    return answer(method, {
      code: '10000',
      msg: 'Success',
      bill_download_url: `${book.base}/bill?token=${token}&bill_date=${billDate}`,
    });
  }

  /** The day's detail lines, as the statement lists them. */
  function billEntries(billDate: string): AlipayBillEntry[] {
    const day = (ms: number) => beijingClock(new Date(ms)).slice(0, 10);
    const entries: AlipayBillEntry[] = [];
    for (const t of trades.values()) {
      const base = {
        tradeNo: t.tradeNo,
        outTradeNo: t.outTradeNo,
        subject: t.subject,
        createdAt: beijingClock(new Date(t.createdAt)),
        totalFen: t.totalFen,
        buyer: 'stu***@example.com',
      };
      if (t.paidAt && day(t.paidAt) === billDate)
        entries.push({
          ...base,
          kind: 'payment',
          finishedAt: beijingClock(new Date(t.paidAt)),
          amountFen: t.totalFen,
        });
      for (const [requestNo, r] of t.refunds)
        if (day(r.at) === billDate)
          entries.push({
            ...base,
            kind: 'refund',
            finishedAt: beijingClock(new Date(r.at)),
            amountFen: r.fen,
            outRequestNo: requestNo,
          });
    }
    return entries;
  }

  const METHODS: Record<string, (method: string, biz: Record<string, unknown>) => SimResponse> = {
    [ALIPAY_METHODS.query]: query,
    [ALIPAY_METHODS.close]: close,
    [ALIPAY_METHODS.refund]: refund,
    [ALIPAY_METHODS.refundQuery]: refundQuery,
    [ALIPAY_METHODS.billUrl]: billUrl,
  };

  return { methods: METHODS, billEntries };
}
