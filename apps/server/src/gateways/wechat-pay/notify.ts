/**
 * Incoming WeChat Pay payment notifies: signature over the raw body first, then freshness, then the
 * AEAD_AES_256_GCM resource, then that it is addressed to this merchant. Nothing in an unverified body
 * is read. Also the replies WeChat expects.
 */
import type { ResolvedWechatPayConfig } from './config';
import { decryptResource } from './resource-cipher';
import { headerOf, verifyPlatformSignature } from './signing';
import type { NotifyInput, NotifyReply, ParseNotifyResult } from './types';
import { parseJson, wireNotify, wireTransaction } from './wire';

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
  const { resource } = envelope.data;
  if (resource.original_type !== 'transaction' || !envelope.data.event_type.startsWith('TRANSACTION.')) {
    return { ok: false, reason: 'unsupported_event', detail: envelope.data.event_type };
  }
  if (resource.algorithm !== 'AEAD_AES_256_GCM') {
    return { ok: false, reason: 'unsupported_event', detail: resource.algorithm };
  }

  let plaintext: string;
  try {
    plaintext = decryptResource(config.apiV3Key, resource);
  } catch {
    return { ok: false, reason: 'decrypt_failed' };
  }
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
      eventId: envelope.data.id,
      eventType: envelope.data.event_type,
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

const JSON_TYPE = 'application/json; charset=utf-8';

/** Accepted (also the answer to a duplicate): WeChat stops retrying on HTTP 200/204. */
export function wechatPayNotifyAck(): NotifyReply {
  return { status: 200, contentType: JSON_TYPE, body: JSON.stringify({ code: 'SUCCESS', message: '成功' }) };
}

/** Not accepted: any 4xx/5xx makes WeChat retry on its schedule (15s, 15s, 30s, 3m, ... up to 24h). */
export function wechatPayNotifyFail(message: string, status = 400): NotifyReply {
  return { status, contentType: JSON_TYPE, body: JSON.stringify({ code: 'FAIL', message }) };
}
