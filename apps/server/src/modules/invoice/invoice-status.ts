/**
 * The invoice state machine (an order has at most one live invoice; db/schema-invoice.ts):
 *
 *   (none) -> requested -> issued -> reversing -> reversed      (a refund after issue: red-letter reversal;
 *                  |   ^                                         the remainder gets a new requested invoice)
 *                  v   | retry (finance office)
 *                failed
 *
 * Steps inside a state that are not transitions: a requested invoice is submitted (the platform accepted
 * its business number), a reversing one has its reversal submitted; a requested invoice not yet submitted
 * follows a refund by its amount. Each transition is one conditional UPDATE ... WHERE status = <from>
 * RETURNING; the order's display copy (orders.invoice_status) is written in the same transaction and the
 * order change announced (modules/order/changes.ts) only when that update changed a row.
 */
import type { OrderInvoiceState } from '@cf/shared/wire/invoice';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { orders } from '@server/db/schema-finance';
import { invoices } from '@server/db/schema-invoice';
import type { Tx, WriteTx } from '@server/db/transaction';
import { recordMessage } from '@server/modules/notify/record';
import { announceOrderChange } from '@server/modules/order/changes';

export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoice = typeof invoices.$inferInsert;

const LIVE_DISPLAY: Record<string, OrderInvoiceState> = {
  requested: 'requested',
  failed: 'failed',
  issued: 'issued',
  // Still viewable until the red-letter bill exists.
  reversing: 'issued',
};

/** Writes the order's display copy of its live invoice's state (none when it has none). */
async function showOnOrder(tx: Tx, row: InvoiceRow | null): Promise<InvoiceRow | null> {
  if (!row) return null;
  const [live] = await tx
    .select({ status: invoices.status })
    .from(invoices)
    .where(
      and(
        eq(invoices.orderId, row.orderId),
        sql`${invoices.status} IN ('requested', 'issued', 'failed', 'reversing')`,
      ),
    );
  const shown = live ? (LIVE_DISPLAY[live.status] ?? 'none') : 'none';
  const [order] = await tx
    .update(orders)
    .set({ invoiceStatus: shown, updatedAt: sql`now()` })
    .where(and(eq(orders.id, row.orderId), sql`${orders.invoiceStatus} <> ${shown}`))
    .returning();
  if (order) announceOrderChange(tx, order);
  return row;
}

/** (none) -> requested; null when the order already has a live invoice (one per order). */
export async function requestInvoice(tx: Tx, values: NewInvoice): Promise<InvoiceRow | null> {
  const [row] = await tx
    .insert(invoices)
    .values({ ...values, status: 'requested' })
    .onConflictDoNothing()
    .returning();
  return showOnOrder(tx, row ?? null);
}

/** requested: the platform accepted this attempt's business number. */
export async function markSubmitted(tx: WriteTx, id: number, busNo: string): Promise<boolean> {
  const rows = await tx
    .update(invoices)
    .set({ submittedAt: sql`now()` })
    .where(and(eq(invoices.id, id), eq(invoices.status, 'requested'), eq(invoices.busNo, busNo)))
    .returning({ id: invoices.id });
  return rows.length > 0;
}

/** requested: the platform never received this attempt after all; it is sent again. */
export async function markUnsubmitted(tx: WriteTx, id: number, busNo: string): Promise<void> {
  await tx
    .update(invoices)
    .set({ submittedAt: null })
    .where(and(eq(invoices.id, id), eq(invoices.status, 'requested'), eq(invoices.busNo, busNo)));
}

/** requested, not yet sent: its amount follows a refund. */
export async function followRefund(tx: WriteTx, id: number, amountFen: number): Promise<boolean> {
  const rows = await tx
    .update(invoices)
    .set({ amountFen })
    .where(and(eq(invoices.id, id), eq(invoices.status, 'requested'), isNull(invoices.submittedAt)))
    .returning({ id: invoices.id });
  return rows.length > 0;
}

export interface IssuedBill {
  billCode: string;
  billNo: string;
  checkCode: string;
  issuedAt: Date;
  fileUrl: string;
}

/** requested -> issued (this attempt's business number only). */
export async function markIssued(
  tx: Tx,
  id: number,
  busNo: string,
  bill: IssuedBill,
): Promise<InvoiceRow | null> {
  const [row] = await tx
    .update(invoices)
    .set({
      status: 'issued',
      billCode: bill.billCode,
      billNo: bill.billNo,
      checkCode: bill.checkCode,
      issuedAt: bill.issuedAt,
      platformFileUrl: bill.fileUrl,
      failReason: null,
    })
    .where(and(eq(invoices.id, id), eq(invoices.status, 'requested'), eq(invoices.busNo, busNo)))
    .returning();
  if (row) {
    await recordMessage(tx, {
      tenantId: row.tenantId,
      kind: 'invoice',
      key: `invoice:${row.id}:issued`,
      userId: row.userId,
      data: { orderId: String(row.orderId), billNo: bill.billNo },
    });
  }
  return showOnOrder(tx, row ?? null);
}

/** requested -> failed with the platform's reason. */
export async function markFailed(
  tx: Tx,
  id: number,
  busNo: string,
  reason: string,
): Promise<InvoiceRow | null> {
  const [row] = await tx
    .update(invoices)
    .set({ status: 'failed', failReason: reason.slice(0, 500) })
    .where(and(eq(invoices.id, id), eq(invoices.status, 'requested'), eq(invoices.busNo, busNo)))
    .returning();
  return showOnOrder(tx, row ?? null);
}

/** failed -> requested: a new attempt under a new business number, for the amount invoiceable now. */
export async function retryFailed(
  tx: Tx,
  id: number,
  tenantId: string,
  amountFen: number,
): Promise<InvoiceRow | null> {
  const [row] = await tx
    .update(invoices)
    .set({
      status: 'requested',
      attempts: sql`${invoices.attempts} + 1`,
      busNo: sql`split_part(${invoices.busNo}, '-', 1) || '-' || (${invoices.attempts} + 1)`,
      amountFen,
      submittedAt: null,
      failReason: null,
      polledAt: sql`'epoch'`,
    })
    .where(and(eq(invoices.id, id), eq(invoices.tenantId, tenantId), eq(invoices.status, 'failed')))
    .returning();
  return showOnOrder(tx, row ?? null);
}

/** issued -> reversing: the order was refunded after issue; a red-letter bill is asked for. */
export async function markReversing(tx: Tx, id: number, issuedFen: number): Promise<InvoiceRow | null> {
  const [row] = await tx
    .update(invoices)
    .set({
      status: 'reversing',
      reversalBusNo: sql`split_part(${invoices.busNo}, '-', 1) || '-R'`,
      polledAt: sql`'epoch'`,
    })
    .where(and(eq(invoices.id, id), eq(invoices.status, 'issued'), eq(invoices.amountFen, issuedFen)))
    .returning();
  return showOnOrder(tx, row ?? null);
}

/** reversing: the platform accepted the reversal. */
export async function markReversalSubmitted(tx: WriteTx, id: number): Promise<void> {
  await tx
    .update(invoices)
    .set({ reversalSubmittedAt: sql`now()` })
    .where(and(eq(invoices.id, id), eq(invoices.status, 'reversing')));
}

/** reversing: the platform does not know the reversal (or refused it): it is sent again. */
export async function markReversalUnsubmitted(tx: WriteTx, id: number): Promise<void> {
  await tx
    .update(invoices)
    .set({ reversalSubmittedAt: null })
    .where(and(eq(invoices.id, id), eq(invoices.status, 'reversing')));
}

/** reversing -> reversed; the caller then asks for the remainder's invoice in the same transaction. */
export async function markReversed(tx: Tx, id: number, reversalBillNo: string): Promise<InvoiceRow | null> {
  const [row] = await tx
    .update(invoices)
    .set({ status: 'reversed', reversalBillNo, reversedAt: sql`now()` })
    .where(and(eq(invoices.id, id), eq(invoices.status, 'reversing')))
    .returning();
  return showOnOrder(tx, row ?? null);
}
