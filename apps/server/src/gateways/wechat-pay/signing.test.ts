import { describe, expect, it } from 'vitest';
import { pemPair } from '@server-test/wechat-pay-fixtures';
import { decryptResource, encryptResource } from './resource-cipher';
import {
  authorizationHeader,
  jsapiParams,
  parseAuthorization,
  platformHeaders,
  requestMessage,
  rsaVerify,
  toKeyMap,
  verifyPaySign,
  verifyPlatformSignature,
} from './signing';
import { beijingTime } from './wire';

const merchant = pemPair();
const platform = pemPair();
const NOW = Date.UTC(2025, 8, 1, 2, 0, 0);

describe('merchant request signature', () => {
  it('builds the Authorization header over METHOD, path+query, timestamp, nonce and body', () => {
    const signer = { mchId: '1900000109', serialNo: 'SERIAL1', privateKey: merchant.privateKeyPem };
    const body = '{"mchid":"1900000109"}';
    const header = authorizationHeader(
      signer,
      'POST',
      '/v3/pay/transactions/out-trade-no/A1/close',
      body,
      NOW,
    );

    expect(header).toMatch(
      /^WECHATPAY2-SHA256-RSA2048 mchid="1900000109",nonce_str="[0-9A-F]{32}",signature="/,
    );
    const fields = parseAuthorization(header)!;
    expect(fields).toMatchObject({
      mchid: '1900000109',
      serial_no: 'SERIAL1',
      timestamp: String(NOW / 1000),
    });
    const message = requestMessage(
      'POST',
      '/v3/pay/transactions/out-trade-no/A1/close',
      fields.timestamp,
      fields.nonce_str,
      body,
    );
    expect(message).toBe(
      `POST\n/v3/pay/transactions/out-trade-no/A1/close\n${NOW / 1000}\n${fields.nonce_str}\n${body}\n`,
    );
    expect(rsaVerify(message, fields.signature, merchant.publicKeyPem)).toBe(true);
    expect(rsaVerify(message.replace('A1', 'A2'), fields.signature, merchant.publicKeyPem)).toBe(false);
  });

  it('refuses an Authorization header of another schema or with a field missing', () => {
    expect(parseAuthorization(undefined)).toBeNull();
    expect(parseAuthorization('Bearer abc')).toBeNull();
    expect(parseAuthorization('WECHATPAY2-SHA256-RSA2048 mchid="1",nonce_str="n",timestamp="1"')).toBeNull();
  });

  it('never throws on a malformed signature', () => {
    expect(rsaVerify('x', 'not base64 at all!', merchant.publicKeyPem)).toBe(false);
    expect(rsaVerify('x', '', merchant.publicKeyPem)).toBe(false);
  });
});

describe('JSAPI paySign', () => {
  it('signs appId, timeStamp, nonceStr and package with the merchant key', () => {
    const params = jsapiParams(
      'wxd678efh567hg6787',
      'wx201410272009395522657a690389285100',
      merchant.privateKeyPem,
      NOW,
    );
    expect(params).toMatchObject({
      appId: 'wxd678efh567hg6787',
      timeStamp: String(NOW / 1000),
      package: 'prepay_id=wx201410272009395522657a690389285100',
      signType: 'RSA',
    });
    expect(verifyPaySign(params, merchant.publicKeyPem)).toBe(true);
    expect(verifyPaySign({ ...params, package: 'prepay_id=other' }, merchant.publicKeyPem)).toBe(false);
    expect(verifyPaySign(params, platform.publicKeyPem)).toBe(false);
  });
});

describe('platform signature on responses and notifies', () => {
  const keys = toKeyMap({ PLATFORM1: platform.publicKeyPem });
  const body = '{"prepay_id":"wx1"}';
  const signed = platformHeaders('PLATFORM1', platform.privateKeyPem, body, NOW);
  const get = (headers: Record<string, string>) => (name: string) => headers[name];

  it('accepts the exact body within five minutes', () => {
    expect(verifyPlatformSignature(get(signed), body, keys, NOW + 299_000)).toEqual({ ok: true });
  });

  it.each([
    ['a changed body', get(signed), '{"prepay_id":"wx2"}', NOW, 'bad_signature'],
    ['a timestamp six minutes old', get(signed), body, NOW + 360_000, 'stale_timestamp'],
    ['a timestamp six minutes ahead', get(signed), body, NOW - 360_000, 'stale_timestamp'],
    ['an unknown serial', get({ ...signed, 'Wechatpay-Serial': 'OTHER' }), body, NOW, 'unknown_serial'],
    ['no nonce', get({ ...signed, 'Wechatpay-Nonce': '' }), body, NOW, 'missing_headers'],
  ])('refuses %s', (_what, header, text, now, reason) => {
    expect(verifyPlatformSignature(header, text, keys, now)).toEqual({ ok: false, reason });
  });

  it('refuses a signature made with another key', () => {
    const forged = platformHeaders('PLATFORM1', merchant.privateKeyPem, body, NOW);
    expect(verifyPlatformSignature(get(forged), body, keys, NOW)).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
  });
});

describe('AEAD_AES_256_GCM resource', () => {
  const key = 'TestApiV3Key_0123456789abcdefghi';

  it('round-trips and lays out ciphertext as Base64(data || 16-byte tag)', () => {
    const plaintext = '{"out_trade_no":"A1","amount":{"total":100}}';
    const resource = encryptResource(key, plaintext, 'transaction', 'transaction');
    expect(resource.nonce).toHaveLength(12);
    expect(Buffer.from(resource.ciphertext, 'base64')).toHaveLength(Buffer.byteLength(plaintext) + 16);
    expect(decryptResource(key, resource)).toBe(plaintext);
  });

  it('fails with another key, other associated data or a changed ciphertext', () => {
    const resource = encryptResource(key, 'secret', 'transaction', 'transaction');
    expect(() => decryptResource('OtherApiV3Key_0123456789abcdefgh', resource)).toThrow();
    expect(() => decryptResource(key, { ...resource, associated_data: 'refund' })).toThrow();
    const bytes = Buffer.from(resource.ciphertext, 'base64');
    bytes[0]! ^= 1;
    expect(() => decryptResource(key, { ...resource, ciphertext: bytes.toString('base64') })).toThrow();
    expect(() => decryptResource('short', resource)).toThrow(/32 bytes/);
  });
});

describe('time format', () => {
  it('writes RFC 3339 in Beijing time, as time_expire wants', () => {
    expect(beijingTime(new Date('2025-09-01T16:30:05.123Z'))).toBe('2025-09-02T00:30:05+08:00');
  });
});
