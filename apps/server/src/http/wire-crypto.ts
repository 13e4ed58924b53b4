/**
 * Server side of the wire crypto: AES-256-CBC, key = WIRE_AES_KEY, IV = its first 16 bytes.
 * Unpadding accepts PKCS7 blocks of 16 or 32 bytes, as BladeX's Java decoder does.
 */
import { createCipheriv, createDecipheriv } from 'node:crypto';
import { badRequest } from './errors';

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

function keyAndIv(key: string) {
  const k = Buffer.from(key, 'utf8');
  return { k, iv: k.subarray(0, 16) };
}

export function aesEncryptBase64(plain: string, key: string): string {
  const { k, iv } = keyAndIv(key);
  const cipher = createCipheriv('aes-256-cbc', k, iv);
  return Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]).toString('base64');
}

/** Decrypts Base64 AES text; a 400 with a clear message when it is not Base64 or not our cipher. */
export function aesDecryptBase64(cipherText: string, key: string): string {
  const compact = cipherText.replace(/\s/g, '').replace(/-/g, '+').replace(/_/g, '/');
  if (!compact || compact.length % 4 !== 0 || !BASE64.test(compact))
    throw badRequest('common.malformedBase64');
  const bytes = Buffer.from(compact, 'base64');
  if (bytes.length === 0 || bytes.length % 16 !== 0) throw badRequest('common.malformedCipher');
  const { k, iv } = keyAndIv(key);
  const decipher = createDecipheriv('aes-256-cbc', k, iv);
  decipher.setAutoPadding(false);
  const padded = Buffer.concat([decipher.update(bytes), decipher.final()]);
  const pad = padded[padded.length - 1] ?? 0;
  if (pad < 1 || pad > 32 || pad > padded.length) throw badRequest('common.malformedCipher');
  for (let i = padded.length - pad; i < padded.length; i++) {
    if (padded[i] !== pad) throw badRequest('common.malformedCipher');
  }
  const plain = padded.subarray(0, padded.length - pad);
  const text = plain.toString('utf8');
  if (Buffer.from(text, 'utf8').compare(plain) !== 0) throw badRequest('common.malformedCipher');
  return text;
}

/** Decrypts and parses AES JSON (the `data` param of get-student-list-by-id-card). */
export function aesDecryptJson(cipherText: string, key: string): unknown {
  const text = aesDecryptBase64(cipherText, key);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badRequest('common.malformedJson');
  }
}
