/**
 * What can be paid now (issue 22, items 2 and 3): one figure, computed once (@cf/shared/fees payNowOf),
 * that home's card (payNow.payNowFen), the fee list's headline (the same) and 全选 (every item's
 * availableFen) show, and that the order, the cashier and the result of paying it all carry. Checked
 * for every demo person, then for generated receivables, deferrals, reductions, part payments and
 * refunds (fast-check).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '@server/db/seed/demo';
import { receivables } from '@server/db/schema-finance';
import type { Sandbox } from '@server/gateways/sandbox-pay/sandbox-pay';
import { createTestApp, type TestContext } from '@server-test/helpers';
import { api, boundPersonId, UNI } from '@server-test/fee-fixtures';
import { managerToken } from '@server-test/console-fixtures';
import { tokenFor } from '@server-test/issue-token';
import { enableChannels } from '@server-test/pay-fixtures';
import type { FeeSummary, PayNow } from '@cf/shared/fees';
import type { StudentFees } from '@cf/shared/wire/fee';

let ctx: TestContext;
let sandbox: Sandbox;
const db = () => ctx.database.db;

beforeAll(async () => {
  ctx = await createTestApp();
  await enableChannels(db(), UNI);
  sandbox = ctx.app.gateways.pay.standins!.sandbox;
  sandbox.notifier.behaviour = { ...sandbox.notifier.behaviour, duplicateRate: 0, lateRate: 0 };
});
afterAll(async () => ctx?.close());

type Item = StudentFees['years'][number]['items'][number];
const itemsOf = (fees: StudentFees): Item[] => fees.years.flatMap((y) => y.items);
/** What 全选 picks on the fee list: every item that can be paid now, each at all it can take. */
const pickAll = (fees: StudentFees) => itemsOf(fees).filter((i) => i.availableFen > 0);
const sum = (list: number[]) => list.reduce((a, b) => a + b, 0);

async function studentFees(token: string): Promise<StudentFees> {
  const res = await api(ctx, 'GET', 'fee/student', token);
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

/** The figures of one reply agree: home = headline = 全选, and every part adds up. */
function checkAgreement(fees: StudentFees) {
  const items = itemsOf(fees);
  const headline = fees.payNow.payNowFen;
  expect(sum(pickAll(fees).map((i) => i.availableFen)), '全选 = headline').toBe(headline);
  for (const key of Object.keys(fees.payNow) as (keyof PayNow)[])
    expect(fees.payNow[key]).toBe(sum(items.map((i) => i.payNow[key])));
  for (const key of Object.keys(fees.summary) as (keyof FeeSummary)[])
    expect(fees.summary[key]).toBe(sum(items.map((i) => i.summary[key])));
  for (const i of items) {
    const p = i.payNow;
    expect(i.availableFen).toBe(p.payNowFen);
    expect(p.payNowFen + p.inOrdersFen + p.inReviewFen + p.deferredOwedFen).toBe(i.summary.receivable);
    expect(p.payNowFen + p.inOrdersFen + p.inReviewFen).toBe(i.summary.pending);
    for (const part of Object.values(p)) expect(part).toBeGreaterThanOrEqual(0);
  }
}

/** The order of 全选, and that its cashier and detail carry the headline. */
async function orderAll(token: string, fees: StudentFees) {
  const headline = fees.payNow.payNowFen;
  const lines = pickAll(fees).map((i) => ({ receivableId: i.receivableId }));
  const created = await api(ctx, 'POST', 'order/create-fee', token, { body: { items: lines } });
  expect(created.statusCode).toBe(200);
  const order = created.json().data as { orderId: number; orderNo: string; totalFen: number };
  expect(order.totalFen, 'order = headline').toBe(headline);
  const cashier = await api(ctx, 'GET', 'pay/cashier', token, { query: { orderNo: order.orderNo } });
  expect(cashier.json().data.totalFen, 'cashier = headline').toBe(headline);
  const detail = await api(ctx, 'GET', `order/detail/${order.orderId}`, token);
  expect(detail.json().data.totalFen, 'order detail = headline').toBe(headline);
  return order;
}

async function payAtSandbox(token: string, orderNo: string) {
  const prepay = await api(ctx, 'POST', 'pay/prepay', token, { body: { orderNo, channel: 'sandbox' } });
  expect(prepay.statusCode).toBe(200);
  sandbox.act(sandbox.book.find(UNI, orderNo)!, 'pay');
  await sandbox.notifier.idle();
  const status = await api(ctx, 'GET', 'pay/status', token, { query: { orderNo } });
  expect(status.json().data.result).toBe('paid');
  return status.json().data as { totalFen: number };
}

describe('what can be paid now, for every demo person', () => {
  it('is one figure on home, the headline and 全选, and the order, cashier and result of paying it', async () => {
    let students = 0;
    for (const { tenantId, account } of DEMO_ACCOUNTS) {
      const token = await tokenFor(ctx, tenantId, account);
      const res = await api(ctx, 'GET', 'fee/student', token);
      const info = await api(ctx, 'GET', '../blade-user/bind-info', token);
      if (info.json().data.userType !== 'student' || !info.json().data.bound) {
        // Staff and the unbound have no student fees: a clear refusal, not a page of zeros.
        expect(res.statusCode, account).toBe(400);
        expect(res.json().msg).toMatch(/^(Student fees are for students|No school identity is bound yet)/);
        continue;
      }
      students++;
      const fees = res.json().data as StudentFees;
      checkAgreement(fees);
      if (account === 'student1') {
        // Issue 22: home said ¥4,980, 全选 totalled ¥6,480: the ¥1,500 of tuition still deferred is not due.
        expect(fees.payNow).toEqual({
          payNowFen: 498_000,
          inOrdersFen: 0,
          inReviewFen: 0,
          deferredOwedFen: 150_000,
        });
        const tuition = itemsOf(fees).find((i) => i.itemCode === 'TUITION' && i.schoolYear === '2025-2026')!;
        // The detail's 待缴 and 可缴金额 are one amount.
        expect(tuition.availableFen).toBe(tuition.summary.pending);
        expect(tuition.availableFen).toBe(300_000);
      }
      const headline = fees.payNow.payNowFen;
      expect(headline).toBeGreaterThan(0);
      const order = await orderAll(token, fees);
      const after = await studentFees(token);
      checkAgreement(after);
      expect(after.payNow.payNowFen).toBe(0);
      expect(after.payNow.inOrdersFen).toBe(headline);
      const cancelled = await api(ctx, 'POST', `order/cancel/${order.orderId}`, token);
      expect(cancelled.statusCode).toBe(200);
      expect((await studentFees(token)).payNow.payNowFen).toBe(headline);
    }
    expect(students).toBe(2);
  });
});

type Action =
  | { t: 'part'; r: number; part: number; pay: boolean }
  | { t: 'cancel' }
  | { t: 'all' }
  | { t: 'refund'; part: number }
  | { t: 'defer'; r: number; part: number }
  | { t: 'reduce'; r: number; part: number };

const part = fc.double({ min: 0.05, max: 1, noNaN: true });
const r = fc.nat({ max: 2 });
const action: fc.Arbitrary<Action> = fc.oneof(
  { arbitrary: fc.record({ t: fc.constant('part' as const), r, part, pay: fc.boolean() }), weight: 4 },
  { arbitrary: fc.constant({ t: 'cancel' as const }), weight: 1 },
  { arbitrary: fc.constant({ t: 'all' as const }), weight: 2 },
  { arbitrary: fc.record({ t: fc.constant('refund' as const), part }), weight: 2 },
  { arbitrary: fc.record({ t: fc.constant('defer' as const), r, part }), weight: 1 },
  { arbitrary: fc.record({ t: fc.constant('reduce' as const), r, part }), weight: 1 },
);

/** A receivable as the school keeps it: reduction and loan settlement within what was charged. */
const receivableFacts = fc
  .record({
    payableFen: fc.integer({ min: 1, max: 2_000_000 }),
    reduction: fc.double({ min: 0, max: 0.5, noNaN: true }),
    deferred: fc.double({ min: 0, max: 1, noNaN: true }),
    deduction: fc.double({ min: 0, max: 1, noNaN: true }),
    allowPartial: fc.boolean(),
  })
  .map((f) => {
    const reductionFen = Math.floor(f.payableFen * f.reduction);
    const deferredFen = Math.floor((f.payableFen - reductionFen) * f.deferred);
    return {
      payableFen: f.payableFen,
      reductionFen,
      deferredFen,
      deferredDeductionFen: Math.floor(deferredFen * f.deduction),
      allowPartial: f.allowPartial,
    };
  });

describe('what can be paid now, for any receivables and events', () => {
  it('home = headline = 全选 = order = cashier = result, and every part adds up', async () => {
    const student = await tokenFor(ctx, UNI, 'student1');
    const finance = await tokenFor(ctx, UNI, 'finance1');
    const manager = await managerToken(ctx, UNI);
    const personId = await boundPersonId(db(), UNI, 'student1');
    const admin = (path: string, body: unknown, token = manager) =>
      api(ctx, 'POST', `admin/${path}`, token, { body });
    let run = 0;

    await fc.assert(
      fc.asyncProperty(
        fc.array(receivableFacts, { minLength: 3, maxLength: 3 }),
        fc.array(action, { minLength: 4, maxLength: 12 }),
        async (facts, actions) => {
          // Earlier runs' receivables stay: the figures are checked over everything the student owes.
          run++;
          const ids = (
            await db()
              .insert(receivables)
              .values(
                facts.map((f, i) => ({
                  tenantId: UNI,
                  category: 'FEE' as const,
                  personType: 'student' as const,
                  personId,
                  schoolYear: `20${40 + i}-20${41 + i}`,
                  itemCode: `GEN${run}`,
                  itemName: `生成费用${i}`,
                  itemNameEn: `Generated fee ${i}`,
                  ...f,
                })),
              )
              .returning({ id: receivables.id })
          ).map((row) => row.id);
          const open: { orderId: number }[] = [];
          const paid: { orderId: number }[] = [];
          const item = async (index: number) =>
            itemsOf(await studentFees(student)).find((i) => i.receivableId === ids[index])!;

          for (const act of actions) {
            const before = await studentFees(student);
            switch (act.t) {
              case 'part': {
                const target = await item(act.r);
                if (target.availableFen === 0) break;
                const amountFen = target.allowPartial
                  ? Math.max(1, Math.floor(target.availableFen * act.part))
                  : target.availableFen;
                const res = await api(ctx, 'POST', 'order/create-fee', student, {
                  body: { items: [{ receivableId: target.receivableId, amountFen }] },
                });
                expect(res.statusCode).toBe(200);
                const order = res.json().data;
                expect(order.totalFen).toBe(amountFen);
                const after = await studentFees(student);
                expect(after.payNow.payNowFen).toBe(before.payNow.payNowFen - amountFen);
                if (!act.pay) {
                  open.push(order);
                  break;
                }
                expect((await payAtSandbox(student, order.orderNo)).totalFen).toBe(amountFen);
                paid.push(order);
                const settled = await studentFees(student);
                expect(settled.summary.received).toBe(before.summary.received + amountFen);
                break;
              }
              case 'cancel': {
                const order = open.pop();
                if (!order) break;
                await api(ctx, 'POST', `order/cancel/${order.orderId}`, student);
                break;
              }
              case 'all': {
                if (before.payNow.payNowFen === 0) break;
                const order = await orderAll(student, before);
                const result = await payAtSandbox(student, order.orderNo);
                expect(result.totalFen, 'result = headline').toBe(before.payNow.payNowFen);
                paid.push(order);
                const after = await studentFees(student);
                expect(after.payNow.payNowFen).toBe(0);
                expect(after.summary.received).toBe(before.summary.received + order.totalFen);
                expect(after.summary.receivable).toBe(before.summary.receivable - order.totalFen);
                break;
              }
              case 'refund': {
                const order = paid[paid.length - 1];
                if (!order) break;
                const detail = (await api(ctx, 'GET', `order/detail/${order.orderId}`, student)).json().data;
                const left = detail.totalFen - detail.refundedFen;
                if (left <= 0) break;
                const amountFen = Math.max(1, Math.floor(left * act.part));
                const res = await admin(
                  `order/${order.orderId}/refund`,
                  { amountFen, reason: 'property', kind: 'refundOnly' },
                  finance,
                );
                expect(res.statusCode).toBe(200);
                // Money returned, still owed (仅退款): what is owed grows back by the refund.
                const after = await studentFees(student);
                expect(after.summary.refund).toBe(before.summary.refund + amountFen);
                expect(after.summary.receivable).toBe(before.summary.receivable + amountFen);
                break;
              }
              case 'defer':
              case 'reduce': {
                const id = ids[act.r]!;
                const list = (
                  await api(ctx, 'GET', `admin/person/${personId}/receivables`, manager, {
                    query: { personType: 'student' },
                  })
                ).json().data as { id: number; adjustableFen: number; deferrableFen: number }[];
                const row = list.find((x) => x.id === id)!;
                const room = act.t === 'defer' ? row.deferrableFen : row.adjustableFen;
                // What may be deferred is exactly what the payer could pay now.
                if (act.t === 'defer') expect(room).toBe((await item(act.r)).availableFen);
                if (room === 0) break;
                const amountFen = Math.max(1, Math.floor(room * act.part));
                const res = await admin(`receivable/${id}/${act.t}`, { amountFen, reason: 'property' });
                expect(res.statusCode).toBe(200);
                // Deferred: not due now. Reduced: what is due now goes first (the deferral stays).
                const was = itemsOf(before).find((i) => i.receivableId === id)!.availableFen;
                const after = await studentFees(student);
                expect(after.payNow.payNowFen).toBe(
                  before.payNow.payNowFen - (act.t === 'defer' ? amountFen : Math.min(amountFen, was)),
                );
                break;
              }
            }
            checkAgreement(await studentFees(student));
          }
          for (const order of open) await api(ctx, 'POST', `order/cancel/${order.orderId}`, student);
        },
      ),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 6) },
    );
  }, 300_000);
});
