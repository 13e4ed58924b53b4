/**
 * Invoices of orders as the payer sees them: ask for one with a saved title, see its state, open its
 * PDF through a short-lived plain link (WeChat's browser opens links, it cannot send our token header).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Invoice, InvoiceState, OrderInvoice, OrderInvoiceState } from '@cf/shared/wire/invoice';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { tenants } from '@server/db/schema';
import { transaction } from '@server/db/transaction';
import type { AuthContext } from '@server/http/context';
import { AppError, badRequest, notFound } from '@server/http/errors';
import { findOrder } from '@server/modules/order/order-repo';
import { visibleOrder } from '@server/modules/order/query-service';
import { invoiceItems, newBusNo, workOnInvoice } from './issue-service';
import { requestInvoice, type InvoiceRow } from './invoice-status';
import { orderSignaturePng } from '@server/modules/signature/service';
import { tenantInvoiceTerm, termParams } from '@server/modules/system/settings-service';
import { invoiceTermKey } from '@cf/shared/invoice-term';
import { renderInvoicePdf } from './pdf';
import { findInvoice, findTitle, invoiceableFen, invoicesOfOrder, lockOrder } from './repo';

export const INVOICE_FILE_PATH = '/api/blade-finance/invoice/file';
/** A PDF link lives this long (opened from the order detail, which makes a new one each time). */
const FILE_LINK_SECONDS = 30 * 60;

const mac = (secret: string, tenantId: string, id: number, expires: number) =>
  createHmac('sha256', secret).update(`invoice-file:${tenantId}:${id}:${expires}`).digest('base64url');

export function fileUrl(app: FastifyInstance, row: InvoiceRow, nowMs = Date.now()): string {
  const expires = Math.floor(nowMs / 1000) + FILE_LINK_SECONDS;
  const token = `${expires}.${mac(app.config.jwtSecret, row.tenantId, row.id, expires)}`;
  return `${INVOICE_FILE_PATH}/${row.id}?token=${token}`;
}

function linkValid(app: FastifyInstance, row: InvoiceRow, token: string, nowMs = Date.now()): boolean {
  const [expiresText, given] = token.split('.');
  const expires = Number(expiresText);
  if (!Number.isSafeInteger(expires) || expires < nowMs / 1000 || !given) return false;
  const expected = Buffer.from(mac(app.config.jwtSecret, row.tenantId, row.id, expires));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

export function invoiceView(app: FastifyInstance, row: InvoiceRow): Invoice {
  const viewable = row.status === 'issued' || row.status === 'reversing' || row.status === 'reversed';
  return {
    id: row.id,
    orderId: row.orderId,
    status: row.status as InvoiceState,
    amountFen: row.amountFen,
    taxpayerType: row.taxpayerType as Invoice['taxpayerType'],
    invoiceType: row.invoiceType as Invoice['invoiceType'],
    payerName: row.payerName,
    taxId: row.taxId,
    failReason: row.failReason,
    billCode: row.billCode,
    billNo: row.billNo,
    checkCode: row.checkCode,
    requestedAt: row.requestedAt.toISOString(),
    issuedAt: row.issuedAt?.toISOString() ?? null,
    reversalBillNo: row.reversalBillNo,
    fileUrl: viewable && row.billNo ? fileUrl(app, row) : null,
  };
}

/** The order's invoice state for its detail page (the order must be visible to the caller). */
export async function orderInvoice(
  app: FastifyInstance,
  auth: AuthContext,
  orderId: number,
): Promise<OrderInvoice> {
  const order = await visibleOrder(app.db, auth, orderId);
  const [rows, term] = await Promise.all([
    invoicesOfOrder(app.db, auth.tenantId, orderId),
    tenantInvoiceTerm(app.db, auth.tenantId),
  ]);
  const invoiceable = invoiceableFen(order);
  const live = rows.some((row) => row.status !== 'reversed');
  return {
    orderId,
    invoiceStatus: order.invoiceStatus as OrderInvoiceState,
    invoiceableFen: invoiceable,
    canApply: auth.userId > 0 && order.payStatus === 'PAID' && invoiceable > 0 && !live,
    invoices: rows.map((row) => invoiceView(app, row)),
    term,
  };
}

/** Asks for the order's invoice with one of the caller's saved titles; one per order. */
export async function applyInvoice(
  app: FastifyInstance,
  auth: AuthContext,
  body: { orderId: number; titleId: number },
): Promise<OrderInvoice> {
  await visibleOrder(app.db, auth, body.orderId);
  const [title, term] = await Promise.all([
    findTitle(app.db, auth.tenantId, auth.userId, body.titleId),
    termParams(app.db, auth.tenantId),
  ]);
  if (!title) throw notFound('invoice.titleNotFound');
  const row = await transaction(app.db, async (tx) => {
    const order = (await lockOrder(tx, auth.tenantId, body.orderId))!;
    if (order.payStatus !== 'PAID' && order.payStatus !== 'REFUND')
      throw badRequest('invoice.orderNotPaid', term);
    const amountFen = invoiceableFen(order);
    if (amountFen <= 0) throw badRequest('invoice.nothingToInvoice');
    const created = await requestInvoice(tx, {
      tenantId: auth.tenantId,
      orderId: order.id,
      userId: auth.userId,
      status: 'requested',
      amountFen,
      taxpayerType: title.taxpayerType,
      invoiceType: title.invoiceType,
      payerName: title.name,
      taxId: title.taxId,
      address: title.address,
      phone: title.phone,
      bank: title.bank,
      bankAccount: title.bankAccount,
      busNo: newBusNo(),
    });
    if (!created) throw new AppError(409, 'invoice.alreadyRequested', term);
    return created;
  });
  // Sent at once; whatever the platform says (or not) now, the polling job carries on.
  await workOnInvoice(app, row.id).catch((err: unknown) =>
    app.log.error({ err, invoiceId: row.id }, 'invoice: first send failed; the job will retry'),
  );
  return orderInvoice(app, auth, body.orderId);
}

/** The PDF of an issued (or reversed) invoice, for a valid link. */
export async function invoicePdf(app: FastifyInstance, id: number, token: string) {
  const row = await findInvoice(app.db, id);
  if (!row || !linkValid(app, row, token)) {
    // Whose link it was is not known: the school's fiscal e-receipt names it.
    throw new AppError(403, 'invoice.fileLinkInvalid', { term: { message: invoiceTermKey('fiscal') } });
  }
  if (!row.billCode || !row.billNo || !row.checkCode || !row.issuedAt) {
    throw badRequest('invoice.notIssued', await termParams(app.db, row.tenantId));
  }
  const [order, [tenant], items, signaturePng, term] = await Promise.all([
    findOrder(app.db, row.tenantId, row.orderId),
    app.db.select({ name: tenants.tenantName }).from(tenants).where(eq(tenants.tenantId, row.tenantId)),
    invoiceItems(app, row.orderId),
    // An order whose item asked for a signature carries it on its invoice too.
    orderSignaturePng(app.db, row.tenantId, row.orderId),
    tenantInvoiceTerm(app.db, row.tenantId),
  ]);
  // A reversed invoice shows what it was issued for, not what is left.
  const shownItems =
    row.status === 'issued' && items.reduce((s, i) => s + i.amountFen, 0) === row.amountFen
      ? items
      : [{ name: items[0]?.name ?? '缴费', quantity: 1, unitFen: row.amountFen, amountFen: row.amountFen }];
  const pdf = await renderInvoicePdf({
    issuer: tenant?.name ?? row.tenantId,
    term,
    payerName: row.payerName,
    taxId: row.taxId,
    taxpayerType: row.taxpayerType as 'person' | 'company',
    invoiceType: row.invoiceType as 'general' | 'special',
    items: shownItems,
    amountFen: row.amountFen,
    billCode: row.billCode,
    billNo: row.billNo,
    checkCode: row.checkCode,
    issuedAt: row.issuedAt,
    orderNo: order?.orderNo ?? '',
    reversalBillNo: row.status === 'reversed' ? row.reversalBillNo : null,
    signature: signaturePng ? { png: signaturePng, signedAt: row.issuedAt } : undefined,
  });
  return { pdf, fileName: `invoice-${row.billCode}-${row.billNo}.pdf` };
}
