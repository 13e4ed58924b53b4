/**
 * The server's wire crypto against crypto-js called exactly as a BladeX browser client calls it
 * (crypto-js is what those clients bundle), in both directions.
 */
import { createCipheriv } from 'node:crypto';
import { encryptPassword } from '@cf/shared/wire-crypto';
import CryptoJS from 'crypto-js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_WIRE_KEY, type TestContext } from '@server-test/helpers';
import { aesDecryptBase64, aesEncryptBase64 } from '@server/http/wire-crypto';
import { decodeWirePassword } from './password-grant';
import { passwordLogin } from '@server-test/sign-in';

const KEY = TEST_WIRE_KEY;

/** The BladeX browser client's code, verbatim in shape. */
function browserEncrypt(plain: string, key: string): string {
  const k = CryptoJS.enc.Utf8.parse(key);
  const iv = CryptoJS.enc.Utf8.parse(key.substring(0, 16));
  return CryptoJS.AES.encrypt(CryptoJS.enc.Utf8.parse(plain), k, {
    iv,
    mode: CryptoJS.mode.CBC,
    padding: CryptoJS.pad.Pkcs7,
  }).toString();
}

function browserDecrypt(cipherText: string, key: string): string {
  const k = CryptoJS.enc.Utf8.parse(key);
  const iv = CryptoJS.enc.Utf8.parse(key.substring(0, 16));
  return CryptoJS.AES.decrypt(cipherText, k, {
    iv,
    mode: CryptoJS.mode.CBC,
    padding: CryptoJS.pad.Pkcs7,
  }).toString(CryptoJS.enc.Utf8);
}

/** What a Java encoder with a 32-byte PKCS7 block produces (BladeX's server side accepts it). */
function encrypt32BytePadded(plain: string, key: string): string {
  const data = Buffer.from(plain, 'utf8');
  const pad = 32 - (data.length % 32);
  const k = Buffer.from(key, 'utf8');
  const cipher = createCipheriv('aes-256-cbc', k, k.subarray(0, 16));
  cipher.setAutoPadding(false);
  return Buffer.concat([
    cipher.update(Buffer.concat([data, Buffer.alloc(pad, pad)])),
    cipher.final(),
  ]).toString('base64');
}

describe('wire crypto interoperates with crypto-js', () => {
  it('decrypts what the browser client encrypts, the password and any text', () => {
    const md5 = CryptoJS.MD5('Demo@2024').toString();
    expect(aesDecryptBase64(browserEncrypt(md5, KEY), KEY)).toBe(md5);
    expect(decodeWirePassword(browserEncrypt(md5, KEY), KEY)).toBe(md5);
    // The shared package (used by the app and the tests) is the same call.
    expect(encryptPassword('Demo@2024', KEY)).toBe(browserEncrypt(md5, KEY));
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary' }),
        (text) => aesDecryptBase64(browserEncrypt(text, KEY), KEY) === text,
      ),
    );
  });

  it('encrypts what the browser client decrypts', () => {
    const json = JSON.stringify([
      { studentNo: 'S2024001', studentName: '张三', startYear: 2024, major: '会计学' },
    ]);
    expect(browserDecrypt(aesEncryptBase64(json, KEY), KEY)).toBe(json);
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary' }),
        (text) => browserDecrypt(aesEncryptBase64(text, KEY), KEY) === text,
      ),
    );
  });

  it('produces the same bytes as crypto-js for the same input', () => {
    fc.assert(fc.property(fc.string(), (text) => aesEncryptBase64(text, KEY) === browserEncrypt(text, KEY)));
  });

  it('accepts a ciphertext padded to 32 bytes, as the Java decoder does', () => {
    const md5 = CryptoJS.MD5('Demo@2024').toString();
    const padded = encrypt32BytePadded(md5, KEY);
    expect(Buffer.from(padded, 'base64')).toHaveLength(64);
    expect(aesDecryptBase64(padded, KEY)).toBe(md5);
    expect(aesDecryptBase64(encrypt32BytePadded('{"idCard":"110101200401071234"}x', KEY), KEY)).toBe(
      '{"idCard":"110101200401071234"}x',
    );
  });

  describe('through the token endpoint', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestApp();
    });
    afterAll(() => ctx.close());

    it('signs in with the browser-encrypted password and with a 32-byte-padded one', async () => {
      const md5 = CryptoJS.MD5('Demo@2024').toString();
      const browser = await passwordLogin(ctx, { username: 'student1', wire: browserEncrypt(md5, KEY) });
      expect(browser.statusCode).toBe(200);
      const padded = await passwordLogin(ctx, { username: 'student1', wire: encrypt32BytePadded(md5, KEY) });
      expect(padded.statusCode).toBe(200);
      expect(padded.json().account).toBe('student1');
    });
  });
});
