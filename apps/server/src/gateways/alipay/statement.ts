/**
 * Alipay's daily statement (bill_type trade): a zip of GBK CSV files — the detail list
 * (…_业务明细.csv) and its summary (…_业务明细(汇总).csv) — each framed by "#" header and footer
 * lines. The detail is read into the channel-neutral statement lines; the simulator writes it the same way.
 */
import iconv from 'iconv-lite';
import { unzipSync, zipSync } from 'fflate';
import type { Statement, StatementLine } from '../wechat-pay/types';
import { fenOfYuan, yuanOf } from './wire';

export const DETAIL_COLUMNS = [
  '支付宝交易号',
  '商户订单号',
  '业务类型',
  '商品名称',
  '创建时间',
  '完成时间',
  '门店编号',
  '门店名称',
  '操作员',
  '终端号',
  '对方账户',
  '订单金额（元）',
  '商家实收（元）',
  '支付宝红包（元）',
  '集分宝（元）',
  '支付宝优惠（元）',
  '商家优惠（元）',
  '券核销金额（元）',
  '券名称',
  '商家红包消费金额（元）',
  '卡消费金额（元）',
  '退款批次号/请求号',
  '服务费（元）',
  '分润（元）',
  '备注',
] as const;

const LIST_START =
  '#-----------------------------------------业务明细列表----------------------------------------';
const LIST_END =
  '#-----------------------------------------业务明细列表结束------------------------------------';

/** One line of the detail list as the simulator books it. */
export interface AlipayBillEntry {
  kind: 'payment' | 'refund';
  tradeNo: string;
  outTradeNo: string;
  subject: string;
  /** Beijing "yyyy-MM-dd HH:mm:ss". */
  createdAt: string;
  finishedAt: string;
  /** The trade's total; for a refund, the amount sent back. */
  amountFen: number;
  totalFen: number;
  outRequestNo?: string;
  buyer: string;
}

const cn = (billDate: string, time = '00:00:00') => {
  const [y, m, d] = billDate.split('-');
  return `${y}年${m}月${d}日 ${time}`;
};

/** The detail CSV text (before GBK encoding), as Alipay writes it: tab-padded cells. */
export function formatDetail(pid: string, billDate: string, entries: AlipayBillEntry[]): string {
  const next = new Date(Date.parse(`${billDate}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const rows = entries.map((e) => {
    const refund = e.kind === 'refund';
    const cells: Record<(typeof DETAIL_COLUMNS)[number], string> = Object.fromEntries(
      DETAIL_COLUMNS.map((c) => [c, '']),
    ) as never;
    cells['支付宝交易号'] = e.tradeNo;
    cells['商户订单号'] = e.outTradeNo;
    cells['业务类型'] = refund ? '退款' : '交易';
    cells['商品名称'] = e.subject.replace(/[,\r\n]/g, ' ');
    cells['创建时间'] = e.createdAt;
    cells['完成时间'] = e.finishedAt;
    cells['对方账户'] = e.buyer;
    cells['订单金额（元）'] = yuanOf(e.totalFen);
    cells['商家实收（元）'] = `${refund ? '-' : ''}${yuanOf(e.amountFen)}`;
    cells['退款批次号/请求号'] = e.outRequestNo ?? '';
    cells['服务费（元）'] = '0.00';
    return DETAIL_COLUMNS.map((c) => `${cells[c]}\t`).join(',');
  });
  const payments = entries.filter((e) => e.kind === 'payment').length;
  return [
    '#支付宝业务明细查询',
    `#账号：[${pid}0156]`,
    `#起始日期：[${cn(billDate)}]   终止日期：[${cn(next)}]`,
    LIST_START,
    DETAIL_COLUMNS.join(','),
    ...rows,
    LIST_END,
    `#交易合计：${payments}笔，退款合计：${entries.length - payments}笔`,
    `#导出时间：[${cn(next, '09:00:00')}]`,
    '',
  ].join('\r\n');
}

/** The zip Alipay's download address serves: detail and summary, GBK. */
export function packStatement(pid: string, billDate: string, entries: AlipayBillEntry[]): Buffer {
  const day = billDate.replace(/-/g, '');
  const detail = formatDetail(pid, billDate, entries);
  const summary = [
    '#支付宝业务汇总查询',
    `#账号：[${pid}0156]`,
    '门店编号,门店名称,交易订单总笔数,退款订单总笔数,订单金额（元）,商家实收（元）',
    `合计,,${entries.filter((e) => e.kind === 'payment').length},${entries.filter((e) => e.kind === 'refund').length},,`,
    '',
  ].join('\r\n');
  const zip = zipSync({
    [`${pid}0156_${day}_业务明细.csv`]: new Uint8Array(iconv.encode(detail, 'gbk')),
    [`${pid}0156_${day}_业务明细(汇总).csv`]: new Uint8Array(iconv.encode(summary, 'gbk')),
  });
  return Buffer.from(zip);
}

export class StatementError extends Error {}

/** The detail lines of a downloaded statement zip; throws StatementError on anything unreadable. */
export function readStatement(zip: Uint8Array, billDate: string): Statement {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(zip);
  } catch (error) {
    throw new StatementError(`the statement is not a zip: ${String(error)}`);
  }
  const name = Object.keys(files).find((n) => n.endsWith('业务明细.csv'));
  if (!name) throw new StatementError('the statement zip has no 业务明细.csv');
  return { billDate, lines: parseDetail(iconv.decode(Buffer.from(files[name]!), 'gbk')) };
}

/** The payment and refund lines of the detail list (between its start and end markers). */
export function parseDetail(text: string): StatementLine[] {
  const lines = text.split(/\r?\n/);
  const start = lines.findIndex(
    (l) => l.startsWith('#') && l.includes('业务明细列表') && !l.includes('结束'),
  );
  const end = lines.findIndex((l) => l.startsWith('#') && l.includes('业务明细列表结束'));
  if (start < 0 || end < start) throw new StatementError('the detail list markers are missing');
  const header = lines[start + 1]?.split(',').map((c) => c.trim()) ?? [];
  const col = (name: string) => {
    const i = header.indexOf(name);
    if (i < 0) throw new StatementError(`the detail list has no column ${name}`);
    return i;
  };
  const [tradeNo, outTradeNo, kind, finished, total, received, requestNo] = [
    col('支付宝交易号'),
    col('商户订单号'),
    col('业务类型'),
    col('完成时间'),
    col('订单金额（元）'),
    col('商家实收（元）'),
    col('退款批次号/请求号'),
  ];
  return lines.slice(start + 2, end).flatMap((row): StatementLine[] => {
    if (row.trim() === '') return [];
    const cells = row.split(',').map((c) => c.trim());
    const refund = cells[kind] === '退款';
    const amount = fenOfYuan(refund ? cells[received]!.replace(/^-/, '') : cells[total]!);
    if (amount === undefined) throw new StatementError(`an amount of the detail list is unreadable: ${row}`);
    return [
      {
        kind: refund ? 'refund' : 'payment',
        outNo: refund ? cells[requestNo]! : cells[outTradeNo]!,
        outTradeNo: cells[outTradeNo]!,
        transactionId: cells[tradeNo]!,
        amountFen: amount,
        state: 'SUCCESS',
        time: cells[finished]!,
      },
    ];
  });
}
