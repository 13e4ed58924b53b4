/**
 * Queries of daily reconciliation: our payments and refunds at a channel, whatever their origin (orders,
 * partial refunds, payment exceptions and their refunds), runs and their lines.
 */
import {
  and,
  arrayOverlaps,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  lt,
  lte,
  ne,
  type SQL,
} from 'drizzle-orm';
import type { Db } from '@server/db/client';
import {
  orders,
  payAttempts,
  payChannels,
  paymentExceptions,
  paymentInbox,
  refunds,
} from '@server/db/schema-finance';
import { reconciliationLines, reconciliationRuns } from '@server/db/schema-reconciliation';
import type { WriteTx } from '@server/db/transaction';
import { MONEY_HELD_OUTCOMES } from '@server/modules/pay/notify/payments';
import type { Difference, OurLine } from './match';

export type RunRow = typeof reconciliationRuns.$inferSelect;
export type LineRow = typeof reconciliationLines.$inferSelect;

/** A Beijing day as an instant range [start, end). */
export function beijingDay(billDate: string): { start: Date; end: Date } {
  const start = new Date(`${billDate}T00:00:00+08:00`);
  return { start, end: new Date(start.getTime() + 24 * 3600_000) };
}

/**
 * Our payments: every payment a channel told us of and we hold, whatever became of it: credited to its
 * order, or kept as a payment exception (paid after close, a second payment, another amount, no such
 * order). The inbox has them all, with the amount that arrived and the channel's time of payment.
 */
async function payments(db: Db, tenantId: string, channel: string, where: SQL | undefined) {
  const rows = await db
    .select({
      outNo: paymentInbox.orderNo,
      amountFen: paymentInbox.amountFen,
      transactionId: paymentInbox.transactionId,
    })
    .from(paymentInbox)
    .where(
      and(
        eq(paymentInbox.tenantId, tenantId),
        eq(paymentInbox.channel, channel),
        inArray(paymentInbox.outcome, MONEY_HELD_OUTCOMES),
        where,
      ),
    );
  return rows.map((r): OurLine => ({ kind: 'payment', state: 'SUCCESS', ...r }));
}

/**
 * Trades we offered the channel and never learned were paid (attempt OPEN or CLOSED), with the amount
 * we asked: a statement that lists one as paid differs from us in state.
 */
async function unpaidTrades(db: Db, tenantId: string, channel: string, outNos: string[]) {
  const rows = await db
    .select({ outNo: payAttempts.outTradeNo, state: payAttempts.status, amountFen: orders.totalFen })
    .from(payAttempts)
    .innerJoin(orders, eq(orders.id, payAttempts.orderId))
    .where(
      and(
        eq(payAttempts.tenantId, tenantId),
        eq(payAttempts.channel, channel),
        ne(payAttempts.status, 'PAID'),
        inArray(payAttempts.outTradeNo, outNos),
      ),
    );
  return rows.map((r): OurLine => ({ kind: 'payment', transactionId: null, ...r }));
}

/** Refunds of orders (full or partial), sent through the channel the order was paid on. */
async function orderRefunds(db: Db, tenantId: string, channel: string, where: SQL | undefined) {
  const rows = await db
    .select({
      outNo: refunds.outRefundNo,
      amountFen: refunds.amountFen,
      state: refunds.status,
      transactionId: refunds.channelRefundId,
    })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(and(eq(refunds.tenantId, tenantId), eq(orders.channel, channel), where));
  return rows.map((r): OurLine => ({ kind: 'refund', ...r }));
}

/** Refunds of payment exceptions: the whole payment sent back through the channel it came on. */
async function exceptionRefunds(db: Db, tenantId: string, channel: string, where: SQL | undefined) {
  const rows = await db
    .select({
      outNo: paymentExceptions.refundNo,
      amountFen: paymentExceptions.amountFen,
      state: paymentExceptions.refundStatus,
      transactionId: paymentExceptions.channelRefundId,
    })
    .from(paymentExceptions)
    .where(
      and(
        eq(paymentExceptions.tenantId, tenantId),
        eq(paymentExceptions.channel, channel),
        isNotNull(paymentExceptions.refundNo),
        where,
      ),
    );
  return rows.map((r): OurLine => ({
    kind: 'refund',
    ...r,
    outNo: r.outNo!,
    state: r.state ?? 'PROCESSING',
  }));
}

/** Earlier, failed refunds of payment exceptions among the numbers a statement names. */
async function earlierExceptionRefunds(db: Db, tenantId: string, channel: string, outNos: string[]) {
  const rows = await db
    .select({ earlier: paymentExceptions.earlierRefundNos, amountFen: paymentExceptions.amountFen })
    .from(paymentExceptions)
    .where(
      and(
        eq(paymentExceptions.tenantId, tenantId),
        eq(paymentExceptions.channel, channel),
        arrayOverlaps(paymentExceptions.earlierRefundNos, outNos),
      ),
    );
  const named = new Set(outNos);
  return rows.flatMap((r) =>
    r.earlier
      .filter((outNo) => named.has(outNo))
      .map((outNo): OurLine => ({
        kind: 'refund',
        outNo,
        amountFen: r.amountFen,
        state: 'FAILED',
        transactionId: null,
      })),
  );
}

/**
 * What we recorded on the day: payments the channel took that day (credited or kept as exceptions)
 * and refunds asked for that day (of orders and of exceptions).
 */
export async function oursOfDay(db: Db, tenantId: string, channel: string, billDate: string) {
  const { start, end } = beijingDay(billDate);
  return [
    ...(await payments(
      db,
      tenantId,
      channel,
      and(gte(paymentInbox.paidAt, start), lt(paymentInbox.paidAt, end)),
    )),
    ...(await orderRefunds(
      db,
      tenantId,
      channel,
      and(gte(refunds.createdAt, start), lt(refunds.createdAt, end)),
    )),
    ...(await exceptionRefunds(
      db,
      tenantId,
      channel,
      and(gte(paymentExceptions.refundRequestedAt, start), lt(paymentExceptions.refundRequestedAt, end)),
    )),
  ];
}

/** Our records of the trade and refund numbers a statement names, whatever their day or origin. */
export async function oursNamed(
  db: Db,
  tenantId: string,
  channel: string,
  named: { payments: string[]; refunds: string[] },
) {
  const found: OurLine[] = [];
  // Chunks keep the IN lists of a busy day within what a statement may bind.
  for (let i = 0; i < named.payments.length; i += 1000) {
    const chunk = named.payments.slice(i, i + 1000);
    found.push(
      ...(await unpaidTrades(db, tenantId, channel, chunk)),
      // After the unpaid trades: what the inbox says of a trade wins (see matchStatement).
      ...(await payments(db, tenantId, channel, inArray(paymentInbox.orderNo, chunk))),
    );
  }
  for (let i = 0; i < named.refunds.length; i += 1000) {
    const chunk = named.refunds.slice(i, i + 1000);
    found.push(
      ...(await earlierExceptionRefunds(db, tenantId, channel, chunk)),
      ...(await orderRefunds(db, tenantId, channel, inArray(refunds.outRefundNo, chunk))),
      ...(await exceptionRefunds(db, tenantId, channel, inArray(paymentExceptions.refundNo, chunk))),
    );
  }
  return found;
}

/** The tenants' channels a nightly run covers: every channel a tenant has set up. */
export async function channelsToReconcile(db: Db) {
  return db.select({ tenantId: payChannels.tenantId, channel: payChannels.channel }).from(payChannels);
}

/** A run by id, for the process that claimed it (no tenant: the claim is the right to it). */
export async function findClaimedRun(db: Db, id: number): Promise<RunRow | undefined> {
  const [row] = await db.select().from(reconciliationRuns).where(eq(reconciliationRuns.id, id));
  return row;
}

export async function findRun(db: Db, tenantId: string, id: number): Promise<RunRow | undefined> {
  const [row] = await db
    .select()
    .from(reconciliationRuns)
    .where(and(eq(reconciliationRuns.tenantId, tenantId), eq(reconciliationRuns.id, id)));
  return row;
}

export async function listRuns(
  db: Db,
  tenantId: string,
  filter: { channel?: string; from?: string; to?: string },
  paging: { current: number; size: number },
) {
  const where = and(
    eq(reconciliationRuns.tenantId, tenantId),
    filter.channel ? eq(reconciliationRuns.channel, filter.channel) : undefined,
    filter.from ? gte(reconciliationRuns.billDate, filter.from) : undefined,
    filter.to ? lte(reconciliationRuns.billDate, filter.to) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(reconciliationRuns).where(where);
  const rows = await db
    .select()
    .from(reconciliationRuns)
    .where(where)
    .orderBy(desc(reconciliationRuns.billDate), asc(reconciliationRuns.channel))
    .limit(paging.size)
    .offset((paging.current - 1) * paging.size);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function listLines(db: Db, runId: number): Promise<LineRow[]> {
  return db
    .select()
    .from(reconciliationLines)
    .where(eq(reconciliationLines.runId, runId))
    .orderBy(asc(reconciliationLines.id));
}

/** Replaces the run's difference lines (a run done again starts from nothing). */
export async function replaceLines(tx: WriteTx, run: RunRow, differences: Difference[]) {
  await tx.delete(reconciliationLines).where(eq(reconciliationLines.runId, run.id));
  for (let i = 0; i < differences.length; i += 500) {
    await tx
      .insert(reconciliationLines)
      .values(differences.slice(i, i + 500).map((d) => ({ ...d, runId: run.id, tenantId: run.tenantId })));
  }
}
