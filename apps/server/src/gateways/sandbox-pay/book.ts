/**
 * The sandbox channel's own ledger: what it was asked to collect, what the payer did on its checkout
 * page, and its refunds. It lives in the process that serves the checkout page, as an outside
 * gateway's ledger lives outside: the merchant side learns from it only through notifies and queries.
 */
import { randomBytes } from 'node:crypto';
import type { BillEntry } from '../wechat-pay/bill';
import { PayChannelError, type RefundResult, type TradeQueryResult } from '../wechat-pay/types';

export type SandboxTradeState = 'NOTPAY' | 'SUCCESS' | 'PAYERROR' | 'CLOSED' | 'REFUND';

export interface SandboxTrade {
  tenantId: string;
  outTradeNo: string;
  description: string;
  amountFen: number;
  notifyUrl: string;
  expireAt: Date;
  /** The checkout page's key: unguessable, so holding it is the right to pay. */
  ticket: string;
  returnUrl?: string;
  state: SandboxTradeState;
  transactionId?: string;
  successTime?: string;
  /** The same for every delivery of the paid notify. */
  eventId?: string;
  refundedFen: number;
}

export interface SandboxRefund {
  tenantId: string;
  refundId: string;
  outRefundNo: string;
  outTradeNo: string;
  refundFen: number;
  createdAt: number;
}

/** The Beijing date (YYYY-MM-DD) and time of a moment, as statements write them. */
const beijing = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

const key = (tenantId: string, outTradeNo: string) => `${tenantId}\u0000${outTradeNo}`;

export class SandboxBook {
  private readonly trades = new Map<string, SandboxTrade>();
  private readonly tickets = new Map<string, SandboxTrade>();
  private readonly refunds = new Map<string, SandboxRefund>();

  constructor(private readonly now: () => number = Date.now) {}

  /** A prepay: opens the trade, or hands back the open one (a retry of the same payment). */
  open(input: Omit<SandboxTrade, 'ticket' | 'state' | 'refundedFen'>): SandboxTrade {
    const existing = this.trades.get(key(input.tenantId, input.outTradeNo));
    if (existing) {
      if (existing.state === 'SUCCESS' || existing.state === 'REFUND')
        throw new PayChannelError('ORDERPAID', 'trade already paid');
      if (existing.state === 'CLOSED') throw new PayChannelError('ORDERCLOSED', 'trade closed');
      if (existing.amountFen !== input.amountFen)
        throw new PayChannelError('INVALID_REQUEST', 'amount changed');
      // A failed attempt may be tried again.
      existing.state = 'NOTPAY';
      existing.returnUrl = input.returnUrl;
      return existing;
    }
    const trade: SandboxTrade = {
      ...input,
      ticket: randomBytes(18).toString('base64url'),
      state: 'NOTPAY',
      refundedFen: 0,
    };
    this.trades.set(key(trade.tenantId, trade.outTradeNo), trade);
    this.tickets.set(trade.ticket, trade);
    return trade;
  }

  byTicket(ticket: string): SandboxTrade | undefined {
    return this.tickets.get(ticket);
  }

  find(tenantId: string, outTradeNo: string): SandboxTrade | undefined {
    return this.trades.get(key(tenantId, outTradeNo));
  }

  /** The payer pressed "pay". Refused once closed or past its expiry, as a real channel would. */
  pay(trade: SandboxTrade): SandboxTrade {
    if (trade.state !== 'NOTPAY' && trade.state !== 'PAYERROR')
      throw new PayChannelError('TRADE_STATE', `trade is ${trade.state}`);
    if (trade.expireAt.getTime() <= this.now()) throw new PayChannelError('TRADE_EXPIRED', 'trade expired');
    trade.state = 'SUCCESS';
    trade.transactionId = `SBX${Date.now()}${randomBytes(6).toString('hex')}`;
    trade.successTime = new Date(this.now()).toISOString();
    trade.eventId = randomBytes(12).toString('hex');
    return trade;
  }

  /** The payer pressed "fail": the attempt failed; the trade stays open for another try. */
  fail(trade: SandboxTrade): void {
    if (trade.state === 'NOTPAY') trade.state = 'PAYERROR';
  }

  query(tenantId: string, outTradeNo: string): TradeQueryResult {
    const trade = this.find(tenantId, outTradeNo);
    if (!trade) return { state: 'NOTFOUND' };
    return {
      state: trade.state,
      amountFen: trade.amountFen,
      transactionId: trade.transactionId,
      successTime: trade.successTime,
    };
  }

  close(tenantId: string, outTradeNo: string): void {
    const trade = this.find(tenantId, outTradeNo);
    if (!trade) throw new PayChannelError('ORDER_NOT_EXIST', 'no such trade');
    if (trade.state === 'SUCCESS' || trade.state === 'REFUND')
      throw new PayChannelError('ORDERPAID', 'trade paid');
    trade.state = 'CLOSED';
  }

  refund(
    tenantId: string,
    input: { outTradeNo: string; outRefundNo: string; refundFen: number; totalFen: number },
  ): RefundResult {
    const done = this.refunds.get(input.outRefundNo);
    if (done) {
      if (done.outTradeNo !== input.outTradeNo || done.refundFen !== input.refundFen)
        throw new PayChannelError('INVALID_REQUEST', 'refund number reused');
      return { refundId: done.refundId, status: 'SUCCESS' };
    }
    const trade = this.find(tenantId, input.outTradeNo);
    if (!trade) throw new PayChannelError('RESOURCE_NOT_EXISTS', 'no such trade');
    if (trade.state !== 'SUCCESS' && trade.state !== 'REFUND')
      throw new PayChannelError('INVALID_REQUEST', 'not paid');
    if (input.totalFen !== trade.amountFen) throw new PayChannelError('INVALID_REQUEST', 'total differs');
    if (input.refundFen <= 0 || trade.refundedFen + input.refundFen > trade.amountFen)
      throw new PayChannelError('INVALID_REQUEST', 'refund exceeds what is left');
    trade.refundedFen += input.refundFen;
    trade.state = 'REFUND';
    const refund = {
      tenantId,
      refundId: `SBXR${randomBytes(8).toString('hex')}`,
      createdAt: this.now(),
      ...input,
    };
    this.refunds.set(input.outRefundNo, refund);
    return { refundId: refund.refundId, status: 'SUCCESS' };
  }

  /** The tenant's paid trades and refunds of a Beijing day, as statement lines. */
  billEntries(tenantId: string, billDate: string): BillEntry[] {
    const common = { appId: 'sandbox', mchId: tenantId, openId: '', tradeType: 'CHECKOUT' };
    const entries: BillEntry[] = [];
    for (const t of this.trades.values()) {
      if (t.tenantId !== tenantId || !t.successTime || !t.transactionId) continue;
      const time = beijing(Date.parse(t.successTime));
      if (!time.startsWith(billDate)) continue;
      entries.push({
        ...common,
        kind: 'payment',
        outNo: t.outTradeNo,
        outTradeNo: t.outTradeNo,
        transactionId: t.transactionId,
        amountFen: t.amountFen,
        state: 'SUCCESS',
        time,
        description: t.description,
      });
    }
    for (const r of this.refunds.values()) {
      const time = beijing(r.createdAt);
      if (r.tenantId !== tenantId || !time.startsWith(billDate)) continue;
      const trade = this.find(tenantId, r.outTradeNo);
      entries.push({
        ...common,
        kind: 'refund',
        outNo: r.outRefundNo,
        outTradeNo: r.outTradeNo,
        transactionId: trade?.transactionId ?? '',
        amountFen: r.refundFen,
        state: 'SUCCESS',
        time,
        description: trade?.description ?? '',
        refundId: r.refundId,
      });
    }
    return entries.sort((a, b) => a.time.localeCompare(b.time));
  }

  queryRefund(outRefundNo: string): RefundResult {
    const refund = this.refunds.get(outRefundNo);
    if (!refund) throw new PayChannelError('RESOURCE_NOT_EXISTS', 'no such refund');
    return { refundId: refund.refundId, status: 'SUCCESS' };
  }
}
