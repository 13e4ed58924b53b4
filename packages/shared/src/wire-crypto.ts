/**
 * The wire crypto BladeX browser clients use: MD5 hex of the typed password, then AES-256-CBC
 * with the shared key (IV = its first 16 characters), PKCS7, Base64. crypto-js runs in both
 * the browser and Node, so the app and the tests encrypt with the very same code.
 */
import CryptoJS from 'crypto-js';

export function md5Hex(text: string): string {
  return CryptoJS.MD5(text).toString(CryptoJS.enc.Hex);
}

export function aesEncrypt(plain: string, key: string): string {
  const k = CryptoJS.enc.Utf8.parse(key);
  const iv = CryptoJS.enc.Utf8.parse(key.substring(0, 16));
  return CryptoJS.AES.encrypt(CryptoJS.enc.Utf8.parse(plain), k, {
    iv,
    mode: CryptoJS.mode.CBC,
    padding: CryptoJS.pad.Pkcs7,
  }).toString();
}

export function aesDecrypt(cipherBase64: string, key: string): string {
  const k = CryptoJS.enc.Utf8.parse(key);
  const iv = CryptoJS.enc.Utf8.parse(key.substring(0, 16));
  return CryptoJS.AES.decrypt(cipherBase64, k, {
    iv,
    mode: CryptoJS.mode.CBC,
    padding: CryptoJS.pad.Pkcs7,
  }).toString(CryptoJS.enc.Utf8);
}

/** What the login form sends as `password`. */
export function encryptPassword(typed: string, key: string): string {
  return aesEncrypt(md5Hex(typed), key);
}
