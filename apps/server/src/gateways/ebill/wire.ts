/**
 * The finance e-bill platform's wire format. Every call is POST <base>/<method> with a JSON body
 *   {appid, data, noise, version, sign}
 * where data is base64(UTF-8 JSON of the business parameters), noise a random string and
 *   sign = upper(md5("appid=..&data=..&noise=..&version=..&key=<app key>"))   (parameters sorted by name).
 * Answers are {result, message, noise, sign}: result "S0000" is success and message is base64(JSON) of
 * the answer; any other result is an error whose message is base64(JSON {msg}). The answer is signed
 * the same way over result, message and noise.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const EBILL_VERSION = '1.0';
export const EBILL_OK = 'S0000';
export const EBILL_METHODS = {
  issue: 'invoiceEBillIssue',
  query: 'getEBillByBusNo',
  reverse: 'writeOffEBill',
} as const;

export function ebillSign(params: Record<string, string>, appKey: string): string {
  const text = Object.keys(params)
    .filter((name) => name !== 'sign' && params[name] !== '')
    .sort()
    .map((name) => `${name}=${params[name]}`)
    .join('&');
  return createHash('md5').update(`${text}&key=${appKey}`, 'utf8').digest('hex').toUpperCase();
}

export function signatureMatches(params: Record<string, string>, appKey: string): boolean {
  const given = Buffer.from(params.sign ?? '', 'utf8');
  const expected = Buffer.from(ebillSign(params, appKey), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export const encodeData = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64');
export const decodeData = (data: string): unknown => JSON.parse(Buffer.from(data, 'base64').toString('utf8'));
export const newNoise = () => randomBytes(12).toString('hex');

export interface EBillRequestBody {
  appid: string;
  data: string;
  noise: string;
  version: string;
  sign: string;
}

export interface EBillAnswerBody {
  result: string;
  message: string;
  noise: string;
  sign: string;
}

export function signedRequest(appId: string, appKey: string, business: unknown): EBillRequestBody {
  const params = { appid: appId, data: encodeData(business), noise: newNoise(), version: EBILL_VERSION };
  return { ...params, sign: ebillSign(params, appKey) };
}

export function signedAnswer(appKey: string, result: string, message: unknown): EBillAnswerBody {
  const params = { result, message: encodeData(message), noise: newNoise() };
  return { ...params, sign: ebillSign(params, appKey) };
}

/** Money on this wire is yuan with two decimals, as text. */
export const yuanText = (fen: number) => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;

/** Times on this wire: yyyyMMddHHmmssSSS in China time. */
export function ebillTime(date: Date): string {
  const china = new Date(date.getTime() + 8 * 3600_000).toISOString();
  return china.slice(0, 23).replace(/[-T:.]/g, '');
}

export function parseEbillTime(text: string): Date {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{3})$/.exec(text);
  if (!m) return new Date(Number.NaN);
  return new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}.${m[7]}+08:00`);
}

/** The business parameters of an issue (开票) call. */
export interface WireIssue {
  busNo: string;
  busType: string;
  payerType: '1' | '2';
  payer: string;
  creditCode: string;
  payerAddress: string;
  payerTel: string;
  payerBank: string;
  payerAccount: string;
  invoiceKind: 'general' | 'special';
  totalAmt: string;
  busDate: string;
  remark: string;
  items: { itemName: string; itemQty: number; itemStd: string; itemAmt: string }[];
}

/** The answer of a query: state 0 processing, 1 issued, 2 failed. */
export interface WireBill {
  busNo: string;
  state: '0' | '1' | '2';
  billBatchCode?: string;
  billNo?: string;
  random?: string;
  createTime?: string;
  pictureUrl?: string;
  failMsg?: string;
}
