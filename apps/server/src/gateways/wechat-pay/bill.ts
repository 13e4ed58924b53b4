/**
 * WeChat Pay's trade bill (GET /v3/bill/tradebill, bill_type=ALL): a CSV-like text, one header line,
 * one line per payment and per refund with every field led by a backtick (so spreadsheets keep long
 * numbers as text), then a summary header and a summary line. Amounts are yuan with 2 decimals; times
 * are Beijing time "YYYY-MM-DD HH:mm:ss". With tar_type=GZIP the file is gzipped, and hash_value is
 * the SHA1 of the bill as text (after gunzip). The simulator and the sandbox write the same format,
 * and every channel's statement is read through parseTradeBill.
 */
import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { PayChannelError, type Statement, type StatementLine } from './types';

export const TRADE_BILL_HEADER = [
  '交易时间',
  '公众账号ID',
  '商户号',
  '特约商户号',
  '设备号',
  '微信订单号',
  '商户订单号',
  '用户标识',
  '交易类型',
  '交易状态',
  '付款银行',
  '货币种类',
  '应结订单金额',
  '代金券金额',
  '微信退款单号',
  '商户退款单号',
  '退款金额',
  '充值券退款金额',
  '退款类型',
  '退款状态',
  '商品名称',
  '商户数据包',
  '手续费',
  '费率',
  '订单金额',
  '申请退款金额',
  '费率备注',
];

const SUMMARY_HEADER = [
  '总交易单数',
  '应结订单总金额',
  '退款总金额',
  '充值券退款总金额',
  '手续费总金额',
  '订单总金额',
  '申请退款总金额',
];

/** What a bill line is written from (the simulator's and sandbox's own records). */
export interface BillEntry extends StatementLine {
  appId: string;
  mchId: string;
  openId: string;
  tradeType: string;
  description: string;
  refundId?: string;
}

/** Fen -> "12.34". */
const yuan = (fen: number) => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;

/** "12.34" / "12.3" / "12" -> fen, exactly (no floating point); undefined when not an amount. */
export function fenOf(text: string): number | undefined {
  const match = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

const field = (value: string) => `\`${value.replace(/[,\r\n`]/g, ' ')}`;

/** The bill text, as WeChat writes it (payments and refunds in the order given). */
export function formatTradeBill(entries: BillEntry[]): string {
  const lines = [TRADE_BILL_HEADER.join(',')];
  let payFen = 0;
  let refundFen = 0;
  for (const e of entries) {
    const payment = e.kind === 'payment';
    if (payment) payFen += e.amountFen;
    else refundFen += e.amountFen;
    lines.push(
      [
        e.time,
        e.appId,
        e.mchId,
        '0',
        '',
        e.transactionId,
        e.outTradeNo,
        e.openId,
        e.tradeType,
        payment ? e.state : 'REFUND',
        'OTHERS',
        'CNY',
        payment ? yuan(e.amountFen) : '0.00',
        '0.00',
        payment ? '0' : (e.refundId ?? ''),
        payment ? '0' : e.outNo,
        payment ? '0.00' : yuan(e.amountFen),
        '0.00',
        payment ? '' : 'ORIGINAL',
        payment ? '' : e.state,
        e.description,
        '',
        '0.00000',
        '0.60%',
        payment ? yuan(e.amountFen) : '0.00',
        payment ? '0.00' : yuan(e.amountFen),
        '',
      ]
        .map(field)
        .join(','),
    );
  }
  lines.push(SUMMARY_HEADER.join(','));
  lines.push(
    [String(entries.length), yuan(payFen), yuan(refundFen), '0.00', '0.00000', yuan(payFen), yuan(refundFen)]
      .map(field)
      .join(','),
  );
  return lines.join('\r\n') + '\r\n';
}

export const sha1Hex = (text: string | Buffer) => createHash('sha1').update(text).digest('hex');

/** The file a download answers: the gzipped bill and the hash_value of its text. */
export function packTradeBill(text: string): { gzip: Buffer; sha1: string } {
  return { gzip: gzipSync(Buffer.from(text, 'utf8')), sha1: sha1Hex(Buffer.from(text, 'utf8')) };
}

const bad = (why: string) => new PayChannelError('BAD_BILL', `trade bill: ${why}`);

/**
 * Gunzips the downloaded file, checks its SHA1 against hash_value (a bill that does not match is
 * never read), and parses it.
 */
export function readTradeBill(gzip: Buffer, hashValue: string, billDate: string): Statement {
  let text: Buffer;
  try {
    text = gunzipSync(gzip);
  } catch {
    throw bad('not a gzip file');
  }
  if (sha1Hex(text) !== hashValue.toLowerCase())
    throw new PayChannelError('BILL_HASH_MISMATCH', 'trade bill: SHA1 does not match hash_value');
  return { billDate, lines: parseTradeBill(text.toString('utf8')) };
}

const cells = (line: string) => line.split(',').map((c) => (c.startsWith('`') ? c.slice(1) : c).trim());

/** The bill's lines; its summary line must agree with them (count and both totals). */
export function parseTradeBill(text: string): StatementLine[] {
  const rows = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '');
  if (rows.length === 0) return [];
  const header = cells(rows[0]!);
  const col = (name: string) => {
    const at = header.indexOf(name);
    if (at < 0) throw bad(`no column ${name}`);
    return at;
  };
  const at = {
    time: col('交易时间'),
    transactionId: col('微信订单号'),
    outTradeNo: col('商户订单号'),
    tradeState: col('交易状态'),
    orderFen: col('订单金额'),
    outRefundNo: col('商户退款单号'),
    refundFen: col('退款金额'),
    refundState: col('退款状态'),
  };
  const summaryAt = rows.findIndex((r) => r.startsWith(SUMMARY_HEADER[0]!));
  const body = rows.slice(1, summaryAt < 0 ? rows.length : summaryAt);
  const lines: StatementLine[] = body.map((row, i) => {
    const c = cells(row);
    if (c.length < header.length) throw bad(`line ${i + 2} has ${c.length} fields`);
    const refund = c[at.tradeState] === 'REFUND';
    const amount = fenOf(c[refund ? at.refundFen : at.orderFen]!);
    if (amount === undefined) throw bad(`line ${i + 2}: amount not readable`);
    return {
      kind: refund ? 'refund' : 'payment',
      outNo: refund ? c[at.outRefundNo]! : c[at.outTradeNo]!,
      outTradeNo: c[at.outTradeNo]!,
      transactionId: c[at.transactionId]!,
      amountFen: amount,
      state: refund ? c[at.refundState]! : c[at.tradeState]!,
      time: c[at.time]!,
    };
  });
  if (summaryAt >= 0) {
    const summary = cells(rows[summaryAt + 1] ?? '');
    const count = Number(summary[0]);
    const refundTotal = fenOf(summary[2] ?? '');
    const orderTotal = fenOf(summary[5] ?? '');
    const sum = (kind: StatementLine['kind']) =>
      lines.filter((l) => l.kind === kind).reduce((s, l) => s + l.amountFen, 0);
    if (count !== lines.length || orderTotal !== sum('payment') || refundTotal !== sum('refund'))
      throw bad('summary does not agree with the lines');
  }
  return lines;
}
