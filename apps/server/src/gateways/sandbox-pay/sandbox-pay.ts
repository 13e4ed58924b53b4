/**
 * The sandbox channel, the demo's stand-in for a hosted-checkout payment gateway: a prepay opens a
 * trade and answers the address of its checkout page (served by the app); the payer's choice there
 * moves the trade; a payment is announced by HMAC-signed notifies (see ./notifier.ts) and can be
 * queried, closed and refunded like at any channel.
 */
import { z } from 'zod';
import type { FetchLike, PayGateway } from '../types';
import type { NotifyReply, PaymentEvent } from '../wechat-pay/types';
import { formatTradeBill, packTradeBill, readTradeBill } from '../wechat-pay/bill';
import { SandboxBook, type SandboxTrade } from './book';
import { SANDBOX_ACK, SandboxNotifier } from './notifier';
import { SIGNATURE_HEADER, verifyNotify } from './signature';

export const SANDBOX_CHECKOUT_PATH = '/api/blade-finance/pay/sandbox/checkout';

const wireNotify = z.object({
  id: z.string().min(1),
  event_type: z.literal('TRADE.SUCCESS'),
  tenant_id: z.string(),
  out_trade_no: z.string().min(1),
  transaction_id: z.string().min(1),
  trade_state: z.literal('SUCCESS'),
  amount_fen: z.number().int().positive(),
  success_time: z.string(),
});

const TEXT = 'text/plain; charset=utf-8';

export function paidNotifyBody(trade: SandboxTrade): string {
  return JSON.stringify({
    id: trade.eventId,
    event_type: 'TRADE.SUCCESS',
    tenant_id: trade.tenantId,
    out_trade_no: trade.outTradeNo,
    transaction_id: trade.transactionId,
    trade_state: 'SUCCESS',
    amount_fen: trade.amountFen,
    success_time: trade.successTime,
  });
}

export type CheckoutAction = 'pay' | 'fail' | 'cancel';

export interface SandboxOptions {
  fetchFn: FetchLike;
  key: string;
  now?: () => number;
}

export function createSandbox(options: SandboxOptions) {
  const now = options.now ?? Date.now;
  const book = new SandboxBook(now);
  const notifier = new SandboxNotifier(options.fetchFn, options.key, now);

  function gateway(tenantId: string, notifyUrl: string): PayGateway {
    return {
      name: 'sandbox',
      async prepay(input) {
        const trade = book.open({
          tenantId,
          outTradeNo: input.outTradeNo,
          description: input.description,
          amountFen: input.amountFen,
          expireAt: input.expireAt,
          notifyUrl,
          returnUrl: input.returnUrl,
        });
        return { checkoutUrl: `${SANDBOX_CHECKOUT_PATH}?ticket=${trade.ticket}` };
      },
      query: async (outTradeNo) => book.query(tenantId, outTradeNo),
      close: async (outTradeNo) => book.close(tenantId, outTradeNo),
      refund: async (input) => book.refund(tenantId, input),
      queryRefund: async (outRefundNo) => book.queryRefund(outRefundNo),
      // The sandbox writes its statement in WeChat's bill format, gzipped with its SHA1, and it is read
      // back through the same checks as a downloaded WeChat bill.
      statement: async (billDate) => {
        const { gzip, sha1 } = packTradeBill(formatTradeBill(book.billEntries(tenantId, billDate)));
        return readTradeBill(gzip, sha1, billDate);
      },
      parseNotify({ headers, rawBody }) {
        const raw = headers[SIGNATURE_HEADER.toLowerCase()] ?? headers[SIGNATURE_HEADER];
        const verdict = verifyNotify(options.key, Array.isArray(raw) ? raw[0] : raw, rawBody, now());
        if (!verdict.ok) return verdict;
        let json: unknown;
        try {
          json = JSON.parse(rawBody);
        } catch {
          return { ok: false, reason: 'bad_body' };
        }
        const parsed = wireNotify.safeParse(json);
        if (!parsed.success)
          return { ok: false, reason: 'bad_body', detail: parsed.error.issues[0]?.message };
        const n = parsed.data;
        // The signature is the sandbox's, shared by every tenant: the body must name this one.
        if (n.tenant_id !== tenantId) return { ok: false, reason: 'mchid_mismatch', detail: n.tenant_id };
        const event: PaymentEvent = {
          eventId: n.id,
          eventType: n.event_type,
          outTradeNo: n.out_trade_no,
          transactionId: n.transaction_id,
          tradeState: n.trade_state,
          amountFen: n.amount_fen,
          appId: '',
          mchId: n.tenant_id,
          successTime: n.success_time,
        };
        return { ok: true, event };
      },
      ackNotify: (): NotifyReply => ({ status: 200, contentType: TEXT, body: SANDBOX_ACK }),
      rejectNotify: (message): NotifyReply => ({ status: 400, contentType: TEXT, body: `FAIL ${message}` }),
    };
  }

  /**
   * The payer's choice on the checkout page; a payment starts the notifies. Cancel ends the checkout:
   * the trade is closed, as a hosted checkout's cancelled session is, so it can take no money later.
   */
  function act(trade: SandboxTrade, action: CheckoutAction): void {
    if (action === 'fail') return book.fail(trade);
    if (action === 'cancel') return book.close(trade.tenantId, trade.outTradeNo);
    book.pay(trade);
    notifier.send({ url: trade.notifyUrl, body: paidNotifyBody(trade) });
  }

  return { book, notifier, gateway, act };
}

export type Sandbox = ReturnType<typeof createSandbox>;
