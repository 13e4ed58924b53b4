/**
 * AEAD_AES_256_GCM as WeChat Pay v3 uses it for notify resources: the APIv3 key (32 ASCII characters) is
 * the key, the nonce is a 12-character string, associated_data is authenticated but not encrypted, and
 * the ciphertext is Base64(encrypted bytes || 16-byte tag).
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const TAG_BYTES = 16;

export interface EncryptedResource {
  algorithm: 'AEAD_AES_256_GCM';
  ciphertext: string;
  associated_data: string;
  nonce: string;
  original_type: string;
}

function keyBytes(apiV3Key: string): Buffer {
  const key = Buffer.from(apiV3Key, 'utf8');
  if (key.length !== 32) throw new Error('The APIv3 key must be 32 bytes');
  return key;
}

export function encryptResource(
  apiV3Key: string,
  plaintext: string,
  associatedData: string,
  originalType: string,
): EncryptedResource {
  // WeChat's nonces are 12 alphanumeric characters; hex keeps them printable.
  const nonce = randomBytes(6).toString('hex');
  const cipher = createCipheriv('aes-256-gcm', keyBytes(apiV3Key), Buffer.from(nonce, 'utf8'));
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const encrypted = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return {
    algorithm: 'AEAD_AES_256_GCM',
    ciphertext: encrypted.toString('base64'),
    associated_data: associatedData,
    nonce,
    original_type: originalType,
  };
}

/** Throws when the key, nonce, associated data or ciphertext do not authenticate. */
export function decryptResource(
  apiV3Key: string,
  resource: { ciphertext: string; associated_data?: string; nonce: string },
): string {
  const data = Buffer.from(resource.ciphertext, 'base64');
  if (data.length <= TAG_BYTES) throw new Error('ciphertext too short');
  const decipher = createDecipheriv('aes-256-gcm', keyBytes(apiV3Key), Buffer.from(resource.nonce, 'utf8'));
  decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
  decipher.setAuthTag(data.subarray(data.length - TAG_BYTES));
  return Buffer.concat([
    decipher.update(data.subarray(0, data.length - TAG_BYTES)),
    decipher.final(),
  ]).toString('utf8');
}
