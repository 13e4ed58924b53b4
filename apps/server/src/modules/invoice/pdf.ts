/**
 * The issued invoice as a PDF, rendered here (pdfkit) from the facts the platform answered: payer,
 * taxpayer ID, items, the amount in figures and in Chinese capitals, bill code and number, check code
 * and a QR code of them. Titled with the tenant's term (invoice-term.ts: 财政电子票据 or 电子发票). The
 * fonts (pdf-fonts.ts) are Noto Sans Hans (GB2312) with a Hanazono Mincho fallback for rare characters
 * (CJK Extension A–F, e.g. a payer named 𠮷), each embedded as a subset of the characters used, so a
 * fresh machine renders the same document.
 *
 * Signature: `signature` takes the order's confirmed signature PNG (modules/signature, passed by service.ts)
 * and draws it in the payer's box; without it the box stays empty.
 */
import { fenInChineseCapitals } from '@cf/shared/chinese-amount';
import { invoiceTermKey, type InvoiceTerm } from '@cf/shared/invoice-term';
import { invoiceMessages } from '@cf/shared/messages/invoice';
import { formatYuan } from '@cf/shared/money';
import type { EBillItem } from '@server/gateways/invoice';
import { PdfFonts, PRIMARY_FONT } from './pdf-fonts';

export interface InvoicePdfFacts {
  issuer: string;
  /** The tenant's word for the document (its title). */
  term: InvoiceTerm;
  payerName: string;
  taxId: string;
  taxpayerType: 'person' | 'company';
  invoiceType: 'general' | 'special';
  items: EBillItem[];
  amountFen: number;
  billCode: string;
  billNo: string;
  checkCode: string;
  issuedAt: Date;
  orderNo: string;
  /** A reversed invoice carries the red-letter bill's number and a stamp. */
  reversalBillNo?: string | null;
  signature?: { png: Buffer; signedAt: Date };
}

/** The document's title: the tenant's term (the PDF is in Chinese, as the platform issues it). */
export const pdfTitle = (term: InvoiceTerm) => invoiceMessages[invoiceTermKey(term)].zh;

const dateText = (date: Date) =>
  new Intl.DateTimeFormat('zh-CN', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(date);

/** What the QR code carries: the fields a checker types into the platform's verification page. */
export const qrText = (facts: InvoicePdfFacts) =>
  [
    facts.billCode,
    facts.billNo,
    facts.checkCode,
    (facts.amountFen / 100).toFixed(2),
    dateText(facts.issuedAt),
  ].join(',');

export async function renderInvoicePdf(facts: InvoicePdfFacts): Promise<Buffer> {
  // Loaded on first use, not at the server's start (http/lazy-libraries.ts says why).
  const [{ default: PDFDocument }, { default: QRCode }] = await Promise.all([
    import('pdfkit'),
    import('qrcode'),
  ]);
  const qr = await QRCode.toBuffer(qrText(facts), { type: 'png', margin: 0, width: 180 });
  const doc = new PDFDocument({
    size: 'A5',
    layout: 'landscape',
    margin: 28,
    info: { Title: `${pdfTitle(facts.term)} ${facts.billCode}-${facts.billNo}`, Author: facts.issuer },
  });
  const fonts = new PdfFonts(doc);
  // Every text of the facts (a payer's rare character) finds its font before drawing starts.
  await fonts.load(JSON.stringify(facts, (key, value: unknown) => (key === 'signature' ? undefined : value)));
  /** Writes one text in as many runs as it needs fonts (continued text keeps its layout). */
  const write = (text: string, x?: number, y?: number, options: PDFKit.Mixins.TextOptions = {}) => {
    const runs = fonts.runs(text);
    runs.forEach((run, i) => {
      doc.font(run.font);
      const opts = { ...options, continued: i < runs.length - 1 };
      if (i === 0 && x !== undefined) doc.text(run.text, x, y, opts);
      else doc.text(run.text, opts);
    });
    doc.font(PRIMARY_FONT);
  };
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font(PRIMARY_FONT);
  const left = 28;
  const width = doc.page.width - 56;
  const red = '#b3261e';

  doc.fillColor(red).fontSize(17);
  write(`${facts.issuer} ${pdfTitle(facts.term)}`, left, 26, { width, align: 'center' });
  doc
    .fontSize(9)
    .fillColor('#555')
    .text(facts.invoiceType === 'special' ? '（专用）' : '（普通）', { width, align: 'center' });
  doc.image(qr, doc.page.width - 28 - 64, 22, { width: 64 });

  doc.fillColor('#222').fontSize(9);
  const meta = [
    `票据代码：${facts.billCode}`,
    `票据号码：${facts.billNo}`,
    `校验码：${facts.checkCode}`,
    `开票日期：${dateText(facts.issuedAt)}`,
  ];
  meta.forEach((line, i) => doc.text(line, left + (i % 2) * 200, 70 + Math.floor(i / 2) * 14));

  let y = 104;
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .strokeColor(red)
    .stroke();
  y += 8;
  doc.fontSize(10);
  write(`交款人：${facts.payerName}`, left, y);
  doc.text(
    facts.taxpayerType === 'company' ? `统一社会信用代码：${facts.taxId}` : '交款人类型：个人',
    left + width / 2,
    y,
  );
  y += 22;

  const cols = [left, left + width * 0.5, left + width * 0.65, left + width * 0.82];
  doc.fontSize(9).fillColor('#555');
  ['项目名称', '数量', '标准', '金额（元）'].forEach((head, i) => doc.text(head, cols[i]!, y));
  y += 14;
  doc.fillColor('#222');
  for (const item of facts.items) {
    write(item.name, cols[0]!, y, { width: width * 0.48 });
    doc.text(String(item.quantity), cols[1]!, y);
    doc.text(formatYuan(item.unitFen, false), cols[2]!, y);
    doc.text(formatYuan(item.amountFen, false), cols[3]!, y);
    y += 14;
  }
  y += 6;
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .strokeColor('#999')
    .stroke();
  y += 8;
  doc.fontSize(10).text(`金额合计（大写）：${fenInChineseCapitals(facts.amountFen)}`, left, y);
  doc.text(`（小写）${formatYuan(facts.amountFen)}`, cols[2]!, y);
  y += 20;
  doc.fontSize(9).fillColor('#555').text(`备注：订单号 ${facts.orderNo}`, left, y);
  y += 16;
  write(`收款单位（章）：${facts.issuer}`, left, y);
  doc.text('交款人签名：', cols[2]!, y);
  if (facts.signature) doc.image(facts.signature.png, cols[2]! + 60, y - 10, { fit: [90, 36] });

  if (facts.reversalBillNo) {
    doc
      .save()
      .rotate(-18, { origin: [doc.page.width / 2, doc.page.height / 2] })
      .fontSize(40)
      .fillColor(red)
      .opacity(0.35)
      .text('已冲红', 0, doc.page.height / 2 - 30, { width: doc.page.width, align: 'center' })
      .restore();
    doc
      .opacity(1)
      .fontSize(9)
      .fillColor(red)
      .text(`红字票据号码：${facts.reversalBillNo}`, left, doc.page.height - 44);
  }
  doc.end();
  return done;
}
