/** Queries of daily reconciliation: our payments and refunds at a channel, runs and their lines. */
import { and, asc, count, desc, eq, gte, inArray, lt, lte, type SQL } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { orders, payAttempts, payChannels, refunds } from '@server/db/schema-finance';
import { reconciliationLines, reconciliationRuns } from '@server/db/schema-reconciliation';
import type { WriteTx } from '@server/db/transaction';
import type { Difference, OurLine } from './match';

export type RunRow = typeof reconciliationRuns.$inferSelect;
export type LineRow = typeof reconciliationLines.$inferSelect;

/** A Beijing day as an instant range [start, end). */
export function beijingDay(billDate: string): { start: Date; end: Date } {
  const start = new Date(`${billDate}T00:00:00+08:00`);
  return { start, end: new Date(start.getTime() + 24 * 3600_000) };
}

const paymentColumns = {
  outNo: payAttempts.outTradeNo,
  status: payAttempts.status,
  amountFen: orders.totalFen,
  transactionId: orders.paymentNo,
};

const asPayment = (r: { outNo: string; status: string; amountFen: number; transactionId: string | null }) =>
  ({
    kind: 'payment',
    outNo: r.outNo,
    amountFen: r.amountFen,
    // An attempt that took the money is the order's payment; any other never was one.
    state: r.status === 'PAID' ? 'SUCCESS' : r.status,
    transactionId: r.status === 'PAID' ? r.transactionId : null,
  }) satisfies OurLine;

async function payments(db: Db, tenantId: string, channel: string, where: SQL | undefined) {
  const rows = await db
    .select(paymentColumns)
    .from(payAttempts)
    .innerJoin(orders, eq(orders.id, payAttempts.orderId))
    .where(and(eq(payAttempts.tenantId, tenantId), eq(payAttempts.channel, channel), where));
  return rows.map(asPayment);
}

async function ourRefunds(db: Db, tenantId: string, channel: string, where: SQL | undefined) {
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

/** Payments credited (attempt PAID, order paid at) and refunds asked for on the day. */
export async function oursOfDay(db: Db, tenantId: string, channel: string, billDate: string) {
  const { start, end } = beijingDay(billDate);
  return [
    ...(await payments(
      db,
      tenantId,
      channel,
      and(eq(payAttempts.status, 'PAID'), gte(orders.paidAt, start), lt(orders.paidAt, end)),
    )),
    ...(await ourRefunds(
      db,
      tenantId,
      channel,
      and(gte(refunds.createdAt, start), lt(refunds.createdAt, end)),
    )),
  ];
}

/** Our records of the trade and refund numbers a statement names, whatever their day. */
export async function oursNamed(
  db: Db,
  tenantId: string,
  channel: string,
  named: { payments: string[]; refunds: string[] },
) {
  const found: OurLine[] = [];
  // Chunks keep the IN lists of a busy day within what a statement may bind.
  for (let i = 0; i < named.payments.length; i += 1000)
    found.push(
      ...(await payments(
        db,
        tenantId,
        channel,
        inArray(payAttempts.outTradeNo, named.payments.slice(i, i + 1000)),
      )),
    );
  for (let i = 0; i < named.refunds.length; i += 1000)
    found.push(
      ...(await ourRefunds(
        db,
        tenantId,
        channel,
        inArray(refunds.outRefundNo, named.refunds.slice(i, i + 1000)),
      )),
    );
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
