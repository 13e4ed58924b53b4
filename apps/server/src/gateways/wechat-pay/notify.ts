/**
 * Incoming WeChat Pay notifies — payments (TRANSACTION.*) and refunds (REFUND.*): signature over the raw
 * body first, then freshness, then the AEAD_AES_256_GCM resource, then that it is addressed to this
 * merchant. Nothing in an unverified body is read. Also the replies WeChat expects.
 */
import type { ResolvedWechatPayConfig } from './config';
import { decryptResource } from './resource-cipher';
import { headerOf, verifyPlatformSignature } from './signing';
import type { NotifyInput, NotifyReply, ParseNotifyResult } from './types';
import { parseJson, wireNotify, wireRefundNotice, wireTransaction } from './wire';

export function parseWechatPayNotify(
  config: Pick<ResolvedWechatPayConfig, 'appId' | 'mchId' | 'apiV3Key' | 'platformKeys'>,
  input: NotifyInput,
  nowMs: number,
): ParseNotifyResult {
  const verdict = verifyPlatformSignature(
    (name) => headerOf(input.headers, name),
    input.rawBody,
    config.platformKeys,
    nowMs,
  );
  if (!verdict.ok) return verdict;

  const envelope = wireNotify.safeParse(parseJson(input.rawBody));
  if (!envelope.success) return { ok: false, reason: 'bad_body', detail: 'not a notify envelope' };
  const { resource, event_type: eventType, id: eventId } = envelope.data;
  const kind =
    resource.original_type === 'transaction' && eventType.startsWith('TRANSACTION.')
      ? 'transaction'
      : resource.original_type === 'refund' && eventType.startsWith('REFUND.')
        ? 'refund'
        : undefined;
  if (!kind) return { ok: false, reason: 'unsupported_event', detail: eventType };
  if (resource.algorithm !== 'AEAD_AES_256_GCM') {
    return { ok: false, reason: 'unsupported_event', detail: resource.algorithm };
  }

  let plaintext: string;
  try {
    plaintext = decryptResource(config.apiV3Key, resource);
  } catch {
    return { ok: false, reason: 'decrypt_failed' };
  }
  return kind === 'refund'
    ? refundEvent(config, eventId, eventType, plaintext)
    : paymentEvent(config, eventId, eventType, plaintext);
}

function paymentEvent(
  config: Pick<ResolvedWechatPayConfig, 'appId' | 'mchId'>,
  eventId: string,
  eventType: string,
  plaintext: string,
): ParseNotifyResult {
  const parsed = wireTransaction.safeParse(parseJson(plaintext));
  if (!parsed.success) return { ok: false, reason: 'bad_body', detail: 'not a transaction' };
  const tx = parsed.data;
  if (tx.appid !== config.appId) return { ok: false, reason: 'appid_mismatch', detail: tx.appid };
  if (tx.mchid !== config.mchId) return { ok: false, reason: 'mchid_mismatch', detail: tx.mchid };
  if (!tx.transaction_id || tx.amount?.total === undefined) {
    return { ok: false, reason: 'bad_body', detail: 'transaction id or amount missing' };
  }

  return {
    ok: true,
    event: {
      eventId,
      eventType,
      outTradeNo: tx.out_trade_no,
      transactionId: tx.transaction_id,
      tradeState: tx.trade_state,
      amountFen: tx.amount.total,
      appId: tx.appid,
      mchId: tx.mchid,
      successTime: tx.success_time,
      payerOpenId: tx.payer?.openid,
    },
  };
}

/** A refund notify names no app id (refunds belong to the merchant), so only the merchant id is checked. */
function refundEvent(
  config: Pick<ResolvedWechatPayConfig, 'mchId'>,
  eventId: string,
  eventType: string,
  plaintext: string,
): ParseNotifyResult {
  const parsed = wireRefundNotice.safeParse(parseJson(plaintext));
  if (!parsed.success) return { ok: false, reason: 'bad_body', detail: 'not a refund' };
  const refund = parsed.data;
  if (refund.mchid !== config.mchId) return { ok: false, reason: 'mchid_mismatch', detail: refund.mchid };
  return {
    ok: true,
    refund: {
      eventId,
      eventType,
      outTradeNo: refund.out_trade_no,
      outRefundNo: refund.out_refund_no,
      refundId: refund.refund_id,
      transactionId: refund.transaction_id,
      status: refund.refund_status,
      refundFen: refund.amount.refund,
      totalFen: refund.amount.total,
      mchId: refund.mchid,
      successTime: refund.success_time,
    },
  };
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** Accepted (also the answer to a duplicate): WeChat stops retrying on HTTP 200/204. */
export function wechatPayNotifyAck(): NotifyReply {
  return { status: 200, contentType: JSON_TYPE, body: JSON.stringify({ code: 'SUCCESS', message: '成功' }) };
}

/** Not accepted: any 4xx/5xx makes WeChat retry on its schedule (15s, 15s, 30s, 3m, ... up to 24h). */
export function wechatPayNotifyFail(message: string, status = 400): NotifyReply {
  return { status, contentType: JSON_TYPE, body: JSON.stringify({ code: 'FAIL', message }) };
}
