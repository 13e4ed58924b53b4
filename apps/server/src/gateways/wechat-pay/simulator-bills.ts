/**
 * The simulator's trade bills: GET /v3/bill/tradebill answers a download_url and the SHA1 of the bill,
 * GET /v3/billdownload/file answers the gzipped bill, written from the simulator's own orders and
 * refunds in WeChat's format (./bill.ts). Tests edit a day's bill (drop a line, add one, change an
 * amount) or spoil its hash, to prove the reconciliation reports exactly that.
 */
import { randomBytes } from 'node:crypto';
import { formatTradeBill, packTradeBill, sha1Hex, type BillEntry } from './bill';
import type { Answer, SimOrderBook } from './simulator-orders';
import { beijingTime } from './wire';

export interface StatementEdits {
  /** out_trade_no / out_refund_no of lines left out of the bill. */
  drop?: string[];
  /** Lines the bill has that our records do not. */
  add?: BillEntry[];
  /** out_no -> the amount the bill says instead. */
  amounts?: Record<string, number>;
}

const onDay = (time: string | undefined, billDate: string) => time?.startsWith(billDate) ?? false;
/** "2026-11-24T10:00:00+08:00" -> "2026-11-24 10:00:00", as the bill writes times. */
const billTime = (time: string) => time.slice(0, 19).replace('T', ' ');

export class SimBills {
  private readonly files = new Map<string, { gzip: Buffer; sha1: string }>();
  private readonly edits: StatementEdits = {};
  private spoilHash = false;

  constructor(
    private readonly book: SimOrderBook,
    private readonly merchant: { mchId: string; appId: string },
    private readonly now: () => number,
  ) {}

  edit(edits: StatementEdits): void {
    this.edits.drop = [...(this.edits.drop ?? []), ...(edits.drop ?? [])];
    this.edits.add = [...(this.edits.add ?? []), ...(edits.add ?? [])];
    this.edits.amounts = { ...this.edits.amounts, ...edits.amounts };
  }

  clearEdits(): void {
    delete this.edits.drop;
    delete this.edits.add;
    delete this.edits.amounts;
  }

  /** The next bill's hash_value will not match its file. */
  spoilNextHash(): void {
    this.spoilHash = true;
  }

  /** The day's lines from the book: payments by success time, refunds by the time they were asked for. */
  entries(billDate: string): BillEntry[] {
    const entries: BillEntry[] = [];
    for (const o of this.book.orders.values()) {
      if ((o.state !== 'SUCCESS' && o.state !== 'REFUND') || !onDay(o.successTime, billDate)) continue;
      entries.push({
        kind: 'payment',
        outNo: o.outTradeNo,
        outTradeNo: o.outTradeNo,
        transactionId: o.transactionId ?? '',
        amountFen: o.amountFen,
        state: 'SUCCESS',
        time: billTime(o.successTime!),
        appId: o.appId,
        mchId: o.mchId,
        openId: o.openId,
        tradeType: 'JSAPI',
        description: o.description,
      });
    }
    for (const r of this.book.refunds.values()) {
      if (!onDay(r.createTime, billDate)) continue;
      const order = this.book.orders.get(r.outTradeNo);
      entries.push({
        kind: 'refund',
        outNo: r.outRefundNo,
        outTradeNo: r.outTradeNo,
        transactionId: r.transactionId,
        amountFen: r.refundFen,
        state: r.status,
        time: billTime(r.successTime ?? r.createTime),
        appId: this.merchant.appId,
        mchId: this.merchant.mchId,
        openId: order?.openId ?? '',
        tradeType: 'JSAPI',
        description: order?.description ?? '',
        refundId: r.refundId,
      });
    }
    const drop = new Set(this.edits.drop ?? []);
    const amounts = this.edits.amounts ?? {};
    return [...entries.filter((e) => !drop.has(e.outNo)), ...(this.edits.add ?? [])]
      .map((e) => (amounts[e.outNo] === undefined ? e : { ...e, amountFen: amounts[e.outNo]! }))
      .sort((a, b) => a.time.localeCompare(b.time));
  }

  /** GET /v3/bill/tradebill?bill_date=&bill_type=ALL&tar_type=GZIP; `base` is where downloads go. */
  tradeBill(query: URLSearchParams, base: string): Answer {
    const billDate = query.get('bill_date') ?? '';
    if (!/^\d{4}-\d{2}-\d{2}$/.test(billDate))
      return { status: 400, body: { code: 'PARAM_ERROR', message: 'bill_date格式不正确' } };
    if (billDate > beijingTime(new Date(this.now())).slice(0, 10))
      return { status: 400, body: { code: 'INVALID_REQUEST', message: '账单日期不能晚于今天' } };
    const type = query.get('bill_type') ?? 'ALL';
    if (type !== 'ALL') return { status: 400, body: { code: 'PARAM_ERROR', message: '仅支持ALL' } };
    const entries = this.entries(billDate);
    if (entries.length === 0)
      return { status: 400, body: { code: 'NO_STATEMENT_EXIST', message: '要下载的账单不存在' } };
    const file = packTradeBill(formatTradeBill(entries));
    const token = randomBytes(16).toString('hex');
    this.files.set(token, file);
    const hash = this.spoilHash ? sha1Hex(`${file.sha1}!`) : file.sha1;
    this.spoilHash = false;
    return {
      status: 200,
      body: {
        hash_type: 'SHA1',
        hash_value: hash,
        download_url: `${base}/v3/billdownload/file?token=${token}`,
      },
    };
  }

  /** GET /v3/billdownload/file?token=: the gzipped bill, once. */
  download(query: URLSearchParams): Answer {
    const token = query.get('token') ?? '';
    const file = this.files.get(token);
    if (!file) return { status: 400, body: { code: 'INVALID_REQUEST', message: '下载链接已失效' } };
    this.files.delete(token);
    return { status: 200, bytes: file.gzip };
  }
}
