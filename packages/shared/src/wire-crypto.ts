/**
 * The wire crypto BladeX browser clients use: MD5 hex of the typed password, then AES-256-CBC
 * with the shared key (IV = its first 16 characters), PKCS7, Base64. crypto-js runs in both
 * the browser and Node, so the app and the tests encrypt with the very same code.
 */
// Only the parts used, not the whole 'crypto-js' (it would put every cipher and hash, ~24 KB gz, on
// the sign-in page); the .js endings let Node's ESM loader find them. CBC and PKCS7 are the cipher
// core's defaults, so their modules need no import.
import AES from 'crypto-js/aes.js';
import Hex from 'crypto-js/enc-hex.js';
import Utf8 from 'crypto-js/enc-utf8.js';
import MD5 from 'crypto-js/md5.js';

export function md5Hex(text: string): string {
  return MD5(text).toString(Hex);
}

export function aesEncrypt(plain: string, key: string): string {
  const k = Utf8.parse(key);
  const iv = Utf8.parse(key.substring(0, 16));
  return AES.encrypt(Utf8.parse(plain), k, { iv }).toString();
}

export function aesDecrypt(cipherBase64: string, key: string): string {
  const k = Utf8.parse(key);
  const iv = Utf8.parse(key.substring(0, 16));
  return AES.decrypt(cipherBase64, k, { iv }).toString(Utf8);
}

/** What the login form sends as `password`. */
export function encryptPassword(typed: string, key: string): string {
  return aesEncrypt(md5Hex(typed), key);
}
