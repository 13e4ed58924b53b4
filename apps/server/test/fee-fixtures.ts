/**
 * Test support of the fee and order modules: tokens for the demo accounts and for a WeChat visitor,
 * API calls as the browser client makes them (English, so messages can be compared word for word),
 * seeded ids, and a payment simulated straight through the state machine.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { oauthLinks, userBindings, users } from '@server/db/schema';
import { feeItems, orders, receivables } from '@server/db/schema-finance';
import { basicAuth, type TestContext } from './helpers';
import { tokenFor } from './issue-token';
import { visitorSubject } from '@server/modules/auth/subject';
import { issueTokens } from '@server/modules/auth/tokens';
import { markPaid, type Payer } from '@server/modules/order/pay-status';
import { transaction } from '@server/db/transaction';

export const UNI = '100001';
export const COLLEGE = '100002';

export interface Tokens {
  student1: string;
  teacher1: string;
  guest1: string;
  finance1: string;
  student2: string;
}

export async function demoTokens(ctx: TestContext): Promise<Tokens> {
  return {
    student1: await tokenFor(ctx, UNI, 'student1'),
    teacher1: await tokenFor(ctx, UNI, 'teacher1'),
    guest1: await tokenFor(ctx, UNI, 'guest1'),
    finance1: await tokenFor(ctx, UNI, 'finance1'),
    student2: await tokenFor(ctx, COLLEGE, 'student2'),
  };
}

/** A WeChat visitor of the tenant with a fresh open id and no user yet. */
export async function visitorToken(ctx: TestContext, tenantId: string, openId: string): Promise<string> {
  const [link] = await ctx.database.db
    .insert(oauthLinks)
    .values({ tenantId, source: 'wechat', openId, nickname: `nick-${openId}` })
    .returning();
  return (await issueTokens(ctx.database.db, ctx.config, visitorSubject(link!))).access_token;
}

export function api(
  ctx: TestContext,
  method: 'GET' | 'POST',
  path: string,
  token: string,
  options: { body?: unknown; query?: Record<string, string | number> } = {},
) {
  const qs = new URLSearchParams(
    Object.entries(options.query ?? {}).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  return ctx.app.inject({
    method,
    url: `/api/blade-finance/${path}${qs ? `?${qs}` : ''}`,
    headers: {
      authorization: basicAuth(ctx.config),
      'accept-language': 'en',
      'blade-auth': `bearer ${token}`,
    },
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
  });
}

export async function userIdOf(db: Db, tenantId: string, account: string): Promise<number> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.account, account)));
  return row!.id;
}

/** The user's bound person (student/employee) id, for finding seeded receivables. */
export async function boundPersonId(db: Db, tenantId: string, account: string): Promise<number> {
  const [row] = await db
    .select()
    .from(userBindings)
    .where(eq(userBindings.userId, await userIdOf(db, tenantId, account)));
  return (row!.studentId ?? row!.employeeId ?? row!.otherId)!;
}

export async function receivableId(
  db: Db,
  tenantId: string,
  personId: number,
  itemCode: string,
  schoolYear: string,
): Promise<number> {
  const [row] = await db
    .select({ id: receivables.id })
    .from(receivables)
    .where(
      and(
        eq(receivables.tenantId, tenantId),
        eq(receivables.personId, personId),
        eq(receivables.itemCode, itemCode),
        eq(receivables.schoolYear, schoolYear),
      ),
    );
  return row!.id;
}

export async function receivableRow(db: Db, id: number) {
  const [row] = await db.select().from(receivables).where(eq(receivables.id, id));
  return row!;
}

export async function feeItemId(db: Db, tenantId: string, nameEn: string): Promise<number> {
  const [row] = await db
    .select({ id: feeItems.id })
    .from(feeItems)
    .where(and(eq(feeItems.tenantId, tenantId), eq(feeItems.nameEn, nameEn)));
  return row!.id;
}

export async function orderRow(db: Db, id: number) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

/** Pays an order in full as a channel notify would, through the state machine. */
export async function pay(db: Db, orderId: number, payer?: Payer) {
  const order = await orderRow(db, orderId);
  const paid = await transaction(db, (tx) =>
    markPaid(tx, {
      orderId,
      channel: 'sandbox',
      transactionId: `T${orderId}-${Date.now()}`,
      amountFen: order.totalFen,
      paidAt: new Date(),
      payMethod: 'sandbox',
      payer,
    }),
  );
  if (!paid) throw new Error(`order ${orderId} could not be paid`);
  return paid;
}
