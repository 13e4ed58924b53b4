/**
 * The simulator's order book: what WeChat Pay does with a merchant's orders and refunds once a request
 * is authenticated. No crypto here; ./simulator.ts checks signatures and signs the answers.
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { RefundStatus } from './types';
import {
  beijingTime,
  type WireRefund,
  type WireRefundNotice,
  type WireTradeState,
  type WireTransaction,
} from './wire';

export interface SimOrder {
  outTradeNo: string;
  appId: string;
  mchId: string;
  description: string;
  amountFen: number;
  /** JSAPI: the payer it was prepaid for. H5 and Native: whoever paid (set then). */
  openId: string;
  tradeType: SimTradeType;
  /** H5: the checkout page's address; Native: the code the payer scans. */
  h5Url?: string;
  codeUrl?: string;
  notifyUrl: string;
  timeExpire: string;
  prepayId: string;
  /** The prepay body; a repeat with the same body gets the same prepay id, a different one is refused. */
  prepayBody: string;
  state: WireTradeState;
  transactionId?: string;
  successTime?: string;
  /** The notification id, the same for every retry of the paid notify. */
  eventId?: string;
  refundedFen: number;
}

export interface SimRefund {
  refundId: string;
  outRefundNo: string;
  outTradeNo: string;
  transactionId: string;
  refundFen: number;
  totalFen: number;
  status: RefundStatus;
  createTime: string;
  successTime?: string;
  /** Where the refund's outcome is notified; none when the request named none. */
  notifyUrl?: string;
  /** The notification id of its REFUND.* notify, set when it reaches its end. */
  eventId?: string;
}

/** An answer before signing: a JSON body, or none (204). */
export interface Answer {
  status: number;
  body?: object;
  /** A file (a gzipped bill): sent as it is, unsigned, as WeChat sends downloads. */
  bytes?: Buffer;
}

const fail = (status: number, code: string, message: string): Answer => ({ status, body: { code, message } });
const digits = (n: number) => Array.from(randomBytes(n), (b) => String(b % 10)).join('');

/** JSAPI inside WeChat, MWEB (H5) in another phone browser, NATIVE scanned from a QR code. */
export type SimTradeType = 'JSAPI' | 'MWEB' | 'NATIVE';

const sceneInfo = z.object({
  payer_client_ip: z.string().min(1),
  h5_info: z.object({ type: z.enum(['Wap', 'iOS', 'Android']) }).optional(),
});

const prepayRequest = z.object({
  appid: z.string().min(1),
  mchid: z.string().min(1),
  description: z.string().min(1).max(127),
  out_trade_no: z.string().regex(/^[A-Za-z0-9_\-|*]{6,32}$/),
  time_expire: z.string().optional(),
  notify_url: z.string().url(),
  amount: z.object({ total: z.number().int().positive(), currency: z.literal('CNY').optional() }),
  payer: z.object({ openid: z.string().min(1) }).optional(),
  scene_info: sceneInfo.optional(),
});

/** What each trade type needs beyond the order: JSAPI the payer, H5 the payer's address and h5_info. */
function sceneProblem(type: SimTradeType, req: z.infer<typeof prepayRequest>): string | null {
  if (type === 'JSAPI') return req.payer ? null : '缺少参数payer';
  if (type === 'MWEB' && !req.scene_info?.h5_info) return '缺少参数scene_info.h5_info';
  return null;
}

const utf8Bytes = (text: string) => Buffer.byteLength(text, 'utf8');

const refundRequest = z.object({
  out_trade_no: z.string().min(1),
  out_refund_no: z.string().min(1).max(64),
  // WeChat counts bytes: 1-80 when present (26 Chinese characters fit, 27 do not).
  reason: z
    .string()
    .refine((r) => utf8Bytes(r) >= 1 && utf8Bytes(r) <= 80, '退款原因长度须为1-80字节')
    .optional(),
  notify_url: z.string().url().optional(),
  amount: z.object({
    refund: z.number().int().positive(),
    total: z.number().int().positive(),
    currency: z.literal('CNY'),
  }),
});

export class SimOrderBook {
  readonly orders = new Map<string, SimOrder>();
  readonly refunds = new Map<string, SimRefund>();

  constructor(
    private readonly merchant: { mchId: string; appId: string },
    private readonly now: () => number,
    private readonly refundStatus: () => RefundStatus,
    /** Called when a refund reaches SUCCESS, CLOSED or ABNORMAL (WeChat then notifies). */
    private readonly refundEnded: (refund: SimRefund) => void = () => {},
  ) {}

  /**
   * A prepay of any trade type. `pageBase` is where the simulator's payer pages are served (the
   * h5_url points there); Native's code_url is weixin://wxpay/bizpayurl?pr=..., as WeChat's.
   */
  prepay(body: unknown, tradeType: SimTradeType = 'JSAPI', pageBase = 'http://simulator'): Answer {
    const parsed = prepayRequest.safeParse(body);
    if (!parsed.success) return fail(400, 'PARAM_ERROR', parsed.error.issues[0]?.message ?? '参数错误');
    const req = parsed.data;
    const problem = sceneProblem(tradeType, req);
    if (problem) return fail(400, 'PARAM_ERROR', problem);
    if (req.mchid !== this.merchant.mchId || req.appid !== this.merchant.appId) {
      return fail(400, 'APPID_MCHID_NOT_MATCH', 'appid和mch_id不匹配');
    }
    const prepayBody = JSON.stringify(req);
    const existing = this.orders.get(req.out_trade_no);
    if (existing) {
      if (existing.state === 'SUCCESS' || existing.state === 'REFUND')
        return fail(403, 'ORDERPAID', '该订单已支付');
      // A closed trade number is never reused, not even by the same payer.
      if (existing.state === 'CLOSED') return fail(400, 'ORDERCLOSED', '该订单已关闭');
      // JSAPI binds the trade to the payer it was prepaid for: another openid (or any other
      // parameter) under the same out_trade_no is a repeated trade number, refused.
      if (existing.tradeType !== tradeType || existing.prepayBody !== prepayBody)
        return fail(400, 'INVALID_REQUEST', '201 商户订单号重复');
      return { status: 200, body: this.prepayAnswer(existing) };
    }
    const prepayId = `wx${Date.now().toString(36)}${randomBytes(14).toString('hex')}`.slice(0, 36);
    const order: SimOrder = {
      outTradeNo: req.out_trade_no,
      appId: req.appid,
      mchId: req.mchid,
      description: req.description,
      amountFen: req.amount.total,
      openId: req.payer?.openid ?? '',
      tradeType,
      ...(tradeType === 'MWEB'
        ? { h5Url: `${pageBase}/h5?prepay_id=${prepayId}&package=${digits(10)}` }
        : {}),
      ...(tradeType === 'NATIVE'
        ? { codeUrl: `weixin://wxpay/bizpayurl?pr=${randomBytes(6).toString('base64url')}` }
        : {}),
      notifyUrl: req.notify_url,
      timeExpire: req.time_expire ?? '',
      prepayId,
      prepayBody,
      state: 'NOTPAY',
      refundedFen: 0,
    };
    this.orders.set(order.outTradeNo, order);
    return { status: 200, body: this.prepayAnswer(order) };
  }

  private prepayAnswer(order: SimOrder): object {
    if (order.tradeType === 'MWEB') return { h5_url: order.h5Url };
    if (order.tradeType === 'NATIVE') return { code_url: order.codeUrl };
    return { prepay_id: order.prepayId };
  }

  /** The order an h5_url's prepay_id or a scanned code_url belongs to. */
  byPrepayId = (prepayId: string) => [...this.orders.values()].find((o) => o.prepayId === prepayId);
  byCodeUrl = (codeUrl: string) => [...this.orders.values()].find((o) => o.codeUrl === codeUrl);

  query(mchId: string | null, outTradeNo: string): Answer {
    const order = this.orders.get(outTradeNo);
    if (!order || mchId !== order.mchId) return fail(404, 'ORDER_NOT_EXIST', '订单不存在');
    return { status: 200, body: this.transactionJson(order) };
  }

  close(body: unknown, outTradeNo: string): Answer {
    const mchId = z.object({ mchid: z.string() }).safeParse(body);
    if (!mchId.success) return fail(400, 'PARAM_ERROR', '缺少参数mchid');
    const order = this.orders.get(outTradeNo);
    if (!order || mchId.data.mchid !== order.mchId) return fail(404, 'ORDER_NOT_EXIST', '订单不存在');
    if (order.state === 'SUCCESS' || order.state === 'REFUND') return fail(400, 'ORDERPAID', '订单已支付');
    order.state = 'CLOSED';
    return { status: 204 };
  }

  refund(body: unknown): Answer {
    const parsed = refundRequest.safeParse(body);
    if (!parsed.success) return fail(400, 'PARAM_ERROR', parsed.error.issues[0]?.message ?? '参数错误');
    const req = parsed.data;
    const order = this.orders.get(req.out_trade_no);
    if (!order) return fail(404, 'RESOURCE_NOT_EXISTS', '订单不存在');
    const existing = this.refunds.get(req.out_refund_no);
    if (existing) {
      if (existing.outTradeNo !== req.out_trade_no || existing.refundFen !== req.amount.refund) {
        return fail(400, 'INVALID_REQUEST', '退款单号重复');
      }
      return { status: 200, body: this.refundJson(existing) };
    }
    if (order.state !== 'SUCCESS' && order.state !== 'REFUND')
      return fail(400, 'INVALID_REQUEST', '订单未支付');
    if (req.amount.total !== order.amountFen) return fail(400, 'INVALID_REQUEST', '订单金额不一致');
    if (order.refundedFen + req.amount.refund > order.amountFen) {
      return fail(400, 'INVALID_REQUEST', '申请退款金额超过订单可退金额');
    }
    const status = this.refundStatus();
    const refund: SimRefund = {
      refundId: `50${digits(27)}`,
      outRefundNo: req.out_refund_no,
      outTradeNo: order.outTradeNo,
      transactionId: order.transactionId!,
      refundFen: req.amount.refund,
      totalFen: order.amountFen,
      status,
      createTime: beijingTime(new Date(this.now())),
      successTime: status === 'SUCCESS' ? beijingTime(new Date(this.now())) : undefined,
      notifyUrl: req.notify_url,
    };
    this.refunds.set(refund.outRefundNo, refund);
    order.refundedFen += refund.refundFen;
    // WeChat reports REFUND ("转入退款") once any refund was made, partial or full.
    order.state = 'REFUND';
    if (status !== 'PROCESSING') this.ended(refund);
    return { status: 200, body: this.refundJson(refund) };
  }

  queryRefund(outRefundNo: string): Answer {
    const refund = this.refunds.get(outRefundNo);
    if (!refund) return fail(404, 'RESOURCE_NOT_EXISTS', '退款单不存在');
    return { status: 200, body: this.refundJson(refund) };
  }

  /** The payer completes payment. Refuses a closed order unless a test forces the inconsistent case. */
  markPaid(outTradeNo: string, options: { allowClosed?: boolean } = {}): SimOrder {
    const order = this.orders.get(outTradeNo);
    if (!order) throw new Error(`simulator: no prepaid order ${outTradeNo}`);
    if (order.state === 'SUCCESS' || order.state === 'REFUND') {
      throw new Error(`simulator: ${outTradeNo} is already paid; use notify() for a duplicate`);
    }
    if (order.state === 'CLOSED' && !options.allowClosed)
      throw new Error(`simulator: ${outTradeNo} is closed`);
    order.state = 'SUCCESS';
    // H5 and Native learn who paid only now: the payer's openid under the merchant's app id.
    if (!order.openId) order.openId = `oSim${randomBytes(12).toString('base64url')}`;
    order.transactionId = `4200${digits(24)}`;
    order.successTime = beijingTime(new Date(this.now()));
    order.eventId = randomBytes(16).toString('hex');
    return order;
  }

  settleRefund(outRefundNo: string, status: 'SUCCESS' | 'CLOSED' | 'ABNORMAL' = 'SUCCESS'): void {
    const refund = this.refunds.get(outRefundNo);
    if (!refund) throw new Error(`simulator: no refund ${outRefundNo}`);
    refund.status = status;
    if (status === 'SUCCESS') refund.successTime = beijingTime(new Date(this.now()));
    // A closed refund sent nothing back: its amount may be refunded again.
    const order = this.orders.get(refund.outTradeNo);
    if (status === 'CLOSED' && order) order.refundedFen -= refund.refundFen;
    this.ended(refund);
  }

  private ended(refund: SimRefund): void {
    refund.eventId = randomBytes(16).toString('hex');
    this.refundEnded(refund);
  }

  /** The resource of a REFUND.* notify, before encryption. */
  refundNoticeJson(refund: SimRefund): WireRefundNotice {
    return {
      mchid: this.merchant.mchId,
      out_trade_no: refund.outTradeNo,
      transaction_id: refund.transactionId,
      out_refund_no: refund.outRefundNo,
      refund_id: refund.refundId,
      refund_status: refund.status as WireRefundNotice['refund_status'],
      ...(refund.successTime ? { success_time: refund.successTime } : {}),
      user_received_account: '支付用户零钱',
      amount: {
        total: refund.totalFen,
        refund: refund.refundFen,
        payer_total: refund.totalFen,
        payer_refund: refund.refundFen,
      },
    };
  }

  transactionJson(order: SimOrder): WireTransaction {
    const paid = order.transactionId !== undefined && order.state !== 'NOTPAY' && order.state !== 'CLOSED';
    return {
      appid: order.appId,
      mchid: order.mchId,
      out_trade_no: order.outTradeNo,
      trade_type: order.tradeType,
      trade_state: order.state,
      trade_state_desc: TRADE_STATE_DESC[order.state],
      ...(paid
        ? {
            transaction_id: order.transactionId,
            success_time: order.successTime,
            payer: { openid: order.openId },
            amount: {
              total: order.amountFen,
              payer_total: order.amountFen,
              currency: 'CNY',
              payer_currency: 'CNY',
            },
          }
        : { amount: { total: order.amountFen, currency: 'CNY' } }),
    };
  }

  private refundJson(refund: SimRefund): WireRefund & Record<string, unknown> {
    return {
      refund_id: refund.refundId,
      out_refund_no: refund.outRefundNo,
      transaction_id: refund.transactionId,
      out_trade_no: refund.outTradeNo,
      channel: 'ORIGINAL',
      user_received_account: '支付用户零钱',
      status: refund.status,
      create_time: refund.createTime,
      ...(refund.successTime ? { success_time: refund.successTime } : {}),
      amount: { total: refund.totalFen, refund: refund.refundFen, currency: 'CNY' },
    };
  }
}

const TRADE_STATE_DESC: Record<WireTradeState, string> = {
  SUCCESS: '支付成功',
  NOTPAY: '未支付',
  CLOSED: '已关闭',
  USERPAYING: '用户支付中',
  PAYERROR: '支付失败',
  REFUND: '转入退款',
  REVOKED: '已撤销',
};
