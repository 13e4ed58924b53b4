/**
 * The issued invoice as a PDF, rendered here (pdfkit) from the facts the platform answered: payer,
 * taxpayer ID, items, the amount in figures and in Chinese capitals, bill code and number, check code
 * and a QR code of them. The Chinese font is Noto Sans Hans (GB2312 set) shipped by the npm package
 * @embedpdf/fonts-sc, embedded as a subset of the characters used (a page is ~60 KB), so a fresh machine
 * renders the same document.
 *
 * Signature: `signature` takes the order's confirmed signature PNG (modules/signature, passed by service.ts)
 * and draws it in the payer's box; without it the box stays empty.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fenInChineseCapitals } from '@cf/shared/chinese-amount';
import { formatYuan } from '@cf/shared/money';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { EBillItem } from '@server/gateways/invoice';

export interface InvoicePdfFacts {
  issuer: string;
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

let fontBytes: Buffer | undefined;
/** Read once per process: the package ships whole fonts; pdfkit embeds only the glyphs a page uses. */
function chineseFont(): Buffer {
  if (!fontBytes) {
    const entry = fileURLToPath(import.meta.resolve('@embedpdf/fonts-sc'));
    fontBytes = readFileSync(path.join(path.dirname(entry), '../fonts/NotoSansHans-Regular.otf'));
  }
  return fontBytes;
}

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
  const qr = await QRCode.toBuffer(qrText(facts), { type: 'png', margin: 0, width: 180 });
  const doc = new PDFDocument({
    size: 'A5',
    layout: 'landscape',
    margin: 28,
    info: { Title: `电子票据 ${facts.billCode}-${facts.billNo}`, Author: facts.issuer },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.registerFont('cn', chineseFont());
  doc.font('cn');
  const left = 28;
  const width = doc.page.width - 56;
  const red = '#b3261e';

  doc.fillColor(red).fontSize(17).text(`${facts.issuer} 收费电子票据`, left, 26, { width, align: 'center' });
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
  doc.fontSize(10).text(`交款人：${facts.payerName}`, left, y);
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
    doc.text(item.name, cols[0]!, y, { width: width * 0.48 });
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
  doc.text(`收款单位（章）：${facts.issuer}`, left, y);
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
