/**
 * Talking to the e-bill platform about one invoice: send the attempt if it was not accepted yet, then
 * ask how it went (issued / failed / still processing); the same for a red-letter reversal. The polling
 * job (jobs/poll-invoices.ts) calls workOnInvoice for each claimed invoice, and the request route once
 * right after the request, so a quick platform answers at once. Refunds reach invoices here too
 * (followRefunds): the job compares each invoice with what its order may be invoiced for now.
 */
import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { bills } from '@server/db/schema-finance';
import { transaction } from '@server/db/transaction';
import { InvoiceGatewayError, type EBillItem, type InvoiceGateway } from '@server/gateways/invoice';
import { BILL_REVIEWED } from '@server/modules/fee/bill-status';
import {
  followRefund,
  markFailed,
  markIssued,
  markReversalSubmitted,
  markReversalUnsubmitted,
  markReversed,
  markReversing,
  markSubmitted,
  markUnsubmitted,
  requestInvoice,
  type InvoiceRow,
} from './invoice-status';
import { findInvoice, invoiceableFen, invoicesBehindRefunds, itemsOfOrder, lockOrder } from './repo';

/** The order's items less what was refunded of each (refund bills go item by item). */
export async function invoiceItems(app: FastifyInstance, orderId: number): Promise<EBillItem[]> {
  const [items, refunded] = await Promise.all([
    itemsOfOrder(app.db, orderId),
    app.db
      .select({ itemId: bills.orderItemId, total: sql<number>`coalesce(sum(${bills.amountFen}), 0)::bigint` })
      .from(bills)
      .where(and(eq(bills.orderId, orderId), eq(bills.kind, 'REFUND'), eq(bills.status, BILL_REVIEWED)))
      .groupBy(bills.orderItemId),
  ]);
  return items.flatMap((item) => {
    const back = Number(refunded.find((r) => r.itemId === item.id)?.total ?? 0);
    const amountFen = item.amountFen - back;
    if (amountFen <= 0) return [];
    return back === 0
      ? [{ name: item.name, quantity: item.quantity, unitFen: item.priceFen || item.amountFen, amountFen }]
      : [{ name: item.name, quantity: 1, unitFen: amountFen, amountFen }];
  });
}

export type WorkOutcome =
  'not_configured' | 'busy' | 'processing' | 'issued' | 'failed' | 'reversed' | 'resent' | 'settled';

async function issueStep(
  app: FastifyInstance,
  gateway: InvoiceGateway,
  invoice: InvoiceRow,
): Promise<WorkOutcome> {
  if (!invoice.submittedAt) {
    await gateway.issue({
      busNo: invoice.busNo,
      payerType: invoice.taxpayerType as 'person' | 'company',
      invoiceType: invoice.invoiceType as 'general' | 'special',
      payerName: invoice.payerName,
      taxId: invoice.taxId,
      address: invoice.address,
      phone: invoice.phone,
      bank: invoice.bank,
      bankAccount: invoice.bankAccount,
      amountFen: invoice.amountFen,
      items: await invoiceItems(app, invoice.orderId),
      remark: `order ${invoice.orderId}`,
      issuedOn: new Date(),
    });
    await markSubmitted(app.db, invoice.id, invoice.busNo);
  }
  const answer = await gateway.query(invoice.busNo);
  if (answer.state === 'processing') return 'processing';
  if (answer.state === 'unknown') {
    await markUnsubmitted(app.db, invoice.id, invoice.busNo);
    return 'resent';
  }
  if (answer.state === 'failed') {
    await transaction(app.db, (tx) => markFailed(tx, invoice.id, invoice.busNo, answer.reason));
    app.log.info({ invoiceId: invoice.id, reason: answer.reason }, 'invoice: the platform refused it');
    return 'failed';
  }
  await transaction(app.db, (tx) => markIssued(tx, invoice.id, invoice.busNo, answer));
  return 'issued';
}

async function reversalStep(
  app: FastifyInstance,
  gateway: InvoiceGateway,
  invoice: InvoiceRow,
): Promise<WorkOutcome> {
  const busNo = invoice.reversalBusNo!;
  if (!invoice.reversalSubmittedAt) {
    await gateway.reverse({
      busNo,
      billCode: invoice.billCode!,
      billNo: invoice.billNo!,
      reason: '退款冲红',
    });
    await markReversalSubmitted(app.db, invoice.id);
  }
  const answer = await gateway.query(busNo);
  if (answer.state === 'processing') return 'processing';
  if (answer.state === 'unknown') {
    await markReversalUnsubmitted(app.db, invoice.id);
    return 'resent';
  }
  if (answer.state === 'failed') {
    // A reversal the platform refused stays pending: the office sees it among the reversing ones.
    app.log.warn(
      { invoiceId: invoice.id, reason: answer.reason },
      'invoice: red-letter reversal refused; asked again later',
    );
    await markReversalUnsubmitted(app.db, invoice.id);
    return 'processing';
  }
  await transaction(app.db, async (tx) => {
    const reversed = await markReversed(tx, invoice.id, answer.billNo);
    if (!reversed) return;
    const order = await lockOrder(tx, reversed.tenantId, reversed.orderId);
    const remainder = order ? invoiceableFen(order) : 0;
    if (remainder <= 0) return;
    // The remainder's invoice: same title, a new business number.
    const { id: _id, status: _s, submittedAt: _sa, ...title } = reversed;
    await requestInvoice(tx, {
      tenantId: title.tenantId,
      orderId: title.orderId,
      userId: title.userId,
      status: 'requested',
      amountFen: remainder,
      taxpayerType: title.taxpayerType,
      invoiceType: title.invoiceType,
      payerName: title.payerName,
      taxId: title.taxId,
      address: title.address,
      phone: title.phone,
      bank: title.bank,
      bankAccount: title.bankAccount,
      busNo: newBusNo(),
      replacesId: reversed.id,
    });
  });
  return 'reversed';
}

/** A business number base (no '-': attempts add -2, -3, the reversal -R). */
export const newBusNo = () =>
  `EB${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 36 ** 6)
    .toString(36)
    .toUpperCase()
    .padStart(6, '0')}-1`;

/** One look at one invoice; a platform that cannot be asked now leaves it for the next run. */
export async function workOnInvoice(app: FastifyInstance, id: number): Promise<WorkOutcome> {
  const gateway = app.gateways.invoice;
  if (!gateway) return 'not_configured';
  const invoice = await findInvoice(app.db, id);
  if (!invoice) return 'settled';
  try {
    if (invoice.status === 'requested') return await issueStep(app, gateway, invoice);
    if (invoice.status === 'reversing') return await reversalStep(app, gateway, invoice);
    return 'settled';
  } catch (err) {
    if (!(err instanceof InvoiceGatewayError)) throw err;
    app.log.warn(
      { invoiceId: id, code: err.code, msg: err.message },
      'invoice: platform not reached this time',
    );
    return 'busy';
  }
}

/**
 * Refunds reach the invoices: an issued invoice whose order may now be invoiced for less is marked for
 * a red-letter reversal; a requested one the platform has not received yet just follows the amount.
 */
export async function followRefunds(app: FastifyInstance, limit = 50): Promise<number> {
  let changed = 0;
  for (const row of await invoicesBehindRefunds(app.db, limit)) {
    const now = invoiceableFen(row);
    const done = await transaction(app.db, async (tx) => {
      if (row.invoice.status === 'issued') return markReversing(tx, row.invoice.id, row.invoice.amountFen);
      if (now > 0) return followRefund(tx, row.invoice.id, now);
      // Refunded in full before the platform had it: nothing is left to invoice.
      return markFailed(tx, row.invoice.id, row.invoice.busNo, '订单已全额退款 / refunded in full');
    });
    if (done) changed += 1;
  }
  return changed;
}
