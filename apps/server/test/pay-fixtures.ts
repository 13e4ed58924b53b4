/**
 * Orders for the pay module's tests, written straight into the database (a receivable per item,
 * the order and its items), so they do not depend on how orders are created; and the facts a
 * payment test checks afterwards (the order, its bills, its receivables, the inbox, exceptions).
 */
import { randomInt } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { students, userBindings, users } from '../src/db/schema';
import {
  bills,
  orderItems,
  orders,
  payChannels,
  paymentExceptions,
  paymentInbox,
  receivables,
} from '../src/db/schema-finance';
import type { TestContext } from './helpers';

export const UNI = '100001';

export interface PayOrder {
  id: number;
  orderNo: string;
  tenantId: string;
  totalFen: number;
  receivableIds: number[];
  creatorId: number;
}

export async function userIdOf(db: Db, tenantId: string, account: string): Promise<number> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.account, account)));
  if (!row) throw new Error(`no account ${account}`);
  return row.id;
}

/** The student a user is bound to (student1 -> S2024001). */
async function boundStudent(db: Db, userId: number) {
  const [binding] = await db.select().from(userBindings).where(eq(userBindings.userId, userId));
  const [student] = await db.select().from(students).where(eq(students.id, binding!.studentId!));
  return student!;
}

/** Order numbers as WeChat accepts them (6-32 letters and digits), unique per test run. */
export const testOrderNo = () => `T${Date.now()}${String(randomInt(0, 1e9)).padStart(9, '0')}`;

/**
 * An open FEE order of `account`'s bound student over fresh receivables, one per amount. Expires in
 * `expireInMs` (default 30 minutes).
 */
export async function createPayOrder(
  ctx: { database: { db: Db } },
  options: { amounts?: number[]; account?: string; tenantId?: string; expireInMs?: number } = {},
): Promise<PayOrder> {
  const db = ctx.database.db;
  const tenantId = options.tenantId ?? UNI;
  const amounts = options.amounts ?? [12_345];
  const creatorId = await userIdOf(db, tenantId, options.account ?? 'student1');
  const student = await boundStudent(db, creatorId);
  const orderNo = testOrderNo();
  return db.transaction(async (tx) => {
    const receivableRows = await tx
      .insert(receivables)
      .values(
        amounts.map((fen, i) => ({
          tenantId,
          category: 'FEE' as const,
          personType: 'student' as const,
          personId: student.id,
          schoolYear: '2030-2031',
          itemCode: `T${orderNo}-${i}`,
          itemName: `测试费用${i + 1}`,
          itemNameEn: `Test fee ${i + 1}`,
          allowPartial: true,
          payableFen: fen,
        })),
      )
      .returning();
    const totalFen = amounts.reduce((a, b) => a + b, 0);
    const [order] = await tx
      .insert(orders)
      .values({
        tenantId,
        orderNo,
        orderType: 'FEE',
        personType: 'student',
        personId: student.id,
        personName: student.studentName,
        userId: creatorId,
        userName: student.studentName,
        totalFen,
        expireAt: new Date(Date.now() + (options.expireInMs ?? 30 * 60_000)),
      })
      .returning();
    await tx.insert(orderItems).values(
      receivableRows.map((r) => ({
        tenantId,
        orderId: order!.id,
        receivableId: r.id,
        name: r.itemName,
        nameEn: r.itemNameEn,
        priceFen: r.payableFen,
        amountFen: r.payableFen,
      })),
    );
    return {
      id: order!.id,
      orderNo,
      tenantId,
      totalFen,
      receivableIds: receivableRows.map((r) => r.id),
      creatorId,
    };
  });
}

/** Switches a tenant's channels on (the demo seed may have done so already). */
export async function enableChannels(
  db: Db,
  tenantId: string,
  channels: Record<string, Record<string, unknown>> = { sandbox: {}, wechat: {} },
): Promise<void> {
  for (const [channel, settings] of Object.entries(channels)) {
    await db
      .insert(payChannels)
      .values({ tenantId, channel, enabled: true, settings })
      .onConflictDoUpdate({
        target: [payChannels.tenantId, payChannels.channel],
        set: { enabled: true, settings },
      });
  }
}

/** Everything a payment may have changed for one order. */
export async function paymentFacts(db: Db, order: Pick<PayOrder, 'id' | 'orderNo' | 'receivableIds'>) {
  const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
  const orderBills = await db.select().from(bills).where(eq(bills.orderId, order.id)).orderBy(asc(bills.id));
  const recv = await db
    .select()
    .from(receivables)
    .where(inArray(receivables.id, order.receivableIds))
    .orderBy(asc(receivables.id));
  const inbox = await db.select().from(paymentInbox).where(eq(paymentInbox.orderNo, order.orderNo));
  const exceptions = await db.select().from(paymentExceptions).where(eq(paymentExceptions.orderId, order.id));
  return {
    order: row!,
    charges: orderBills.filter((b) => b.kind === 'CHARGE'),
    refunds: orderBills.filter((b) => b.kind === 'REFUND'),
    receivables: recv,
    inbox,
    exceptions,
  };
}

/** Moves an order's expiry (or the start of its payment) into the past, as if time had passed. */
export async function backdate(db: Db, orderId: number, field: 'expire' | 'paying', seconds: number) {
  const past = sql`now() - make_interval(secs => ${seconds})`;
  await db
    .update(orders)
    .set(field === 'expire' ? { expireAt: past, updatedAt: past } : { payingAt: past, updatedAt: past })
    .where(eq(orders.id, orderId));
}

/** Posts a channel's notify to the app as the channel would (the URL it was given at prepay). */
export async function deliver(
  ctx: TestContext,
  notify: { notifyUrl: string; headers: Record<string, string>; rawBody: string },
) {
  const url = new URL(notify.notifyUrl);
  const res = await ctx.app.inject({
    method: 'POST',
    url: url.pathname + url.search,
    headers: notify.headers,
    payload: notify.rawBody,
  });
  return { status: res.statusCode, body: res.body };
}
