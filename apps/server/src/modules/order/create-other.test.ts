/** Comprehensive-fee orders: manual items with form fields, top-ups, receivables of staff, enrolment fees. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '@server-test/helpers';
import { orderItems } from '@server/db/schema-finance';
import {
  api,
  boundPersonId,
  demoTokens,
  feeItemId,
  orderRow,
  pay,
  receivableId,
  UNI,
  visitorToken,
  type Tokens,
} from '@server-test/fee-fixtures';

const FORM_INCOMPLETE = 'Please check if all form fields with * are completed';

describe('create-other and create-enroll', () => {
  let ctx: TestContext;
  let t: Tokens;
  let textbooks: number;
  let dormKey: number;
  let topup: number;
  const db = () => ctx.database.db;
  const createOther = (token: string, body: Record<string, unknown>) =>
    api(ctx, 'POST', 'order/create-other', token, { body });

  beforeAll(async () => {
    ctx = await createTestApp();
    t = await demoTokens(ctx);
    textbooks = await feeItemId(db(), UNI, 'Textbooks');
    dormKey = await feeItemId(db(), UNI, 'Dormitory key deposit');
    topup = await feeItemId(db(), UNI, 'Campus card top-up');
  });
  afterAll(() => ctx.close());

  it('lists the catalogue the caller may buy and their comprehensive receivables', async () => {
    const student = (await api(ctx, 'GET', 'fee/other', t.student1)).json().data;
    expect(student.manual.map((i: { nameEn: string }) => i.nameEn)).toEqual([
      'Textbooks',
      'Dormitory key deposit',
    ]);
    expect(student.topup).toMatchObject([{ id: topup, minFen: 1_000, maxFen: 200_000 }]);
    expect(student.receivables).toEqual([]);
    // The key deposit is for students only; the staff member sees their own receivables instead.
    const teacher = (await api(ctx, 'GET', 'fee/other', t.teacher1)).json().data;
    expect(teacher.manual.map((i: { nameEn: string }) => i.nameEn)).toEqual(['Textbooks']);
    expect(teacher.receivables.map((r: { itemNameEn: string }) => r.itemNameEn).sort()).toEqual([
      'Parking fee',
      'Trade union dues',
    ]);
    const item = (await api(ctx, 'GET', `fee/item/${dormKey}`, t.student1)).json().data;
    expect(item.formFields).toMatchObject([
      { key: 'room', required: true },
      { key: 'phone', required: false, type: 'phone' },
    ]);
    const otherTenant = await api(ctx, 'GET', `fee/item/${dormKey}`, t.student2);
    expect(otherTenant.json().msg).toBe('The fee item does not exist or is no longer offered');
  });

  it('prices a manual item by quantity, within its limit', async () => {
    const res = await createOther(t.student1, { feeItemId: textbooks, quantity: 2, amountFen: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.totalFen).toBe(17_000);
    const order = await orderRow(db(), res.json().data.orderId);
    expect(order).toMatchObject({ orderType: 'OTHER', orderNo: expect.stringMatching(/^O/) });
    const tooMany = await createOther(t.student1, { feeItemId: textbooks, quantity: 6 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().msg).toBe('The quantity must be between 1 and 5');
  });

  it('requires the form fields marked *, and checks their format', async () => {
    const missing = await createOther(t.student1, { feeItemId: dormKey, formData: { phone: '13800000001' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toBe(FORM_INCOMPLETE);
    const blank = await createOther(t.student1, { feeItemId: dormKey, formData: { room: '   ' } });
    expect(blank.json().msg).toBe(FORM_INCOMPLETE);
    const badPhone = await createOther(t.student1, {
      feeItemId: dormKey,
      formData: { room: 'A-101', phone: '123' },
    });
    expect(badPhone.json().msg).toBe('Contact phone is not valid');

    const ok = await createOther(t.student1, {
      feeItemId: dormKey,
      formData: { room: ' A-101 ', extra: 'dropped' },
    });
    expect(ok.json().data.totalFen).toBe(5_000);
    const [item] = await db().select().from(orderItems).where(eq(orderItems.orderId, ok.json().data.orderId));
    expect(item!.formData).toEqual({ room: 'A-101' });
    // Not offered to staff.
    const staff = await createOther(t.teacher1, { feeItemId: dormKey, formData: { room: 'A-101' } });
    expect(staff.json().msg).toBe('This item is not offered to your user type');
  });

  it('tops up only within the item’s limits (10 to 2,000 yuan)', async () => {
    const range = 'The top-up amount must be between 10.00 and 2,000.00 yuan';
    for (const amountFen of [999, 200_001, undefined]) {
      const res = await createOther(t.student1, { feeItemId: topup, amountFen });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(range);
    }
    for (const amountFen of [1_000, 200_000]) {
      const res = await createOther(t.student1, { feeItemId: topup, amountFen });
      expect(res.json().data.totalFen).toBe(amountFen);
    }
  });

  it('orders a comprehensive receivable of the caller: part only where allowed', async () => {
    const teacher = await boundPersonId(db(), UNI, 'teacher1');
    const union = await receivableId(db(), UNI, teacher, 'UNION', '2025');
    const parking = await receivableId(db(), UNI, teacher, 'PARKING', '2025');
    const part = await createOther(t.teacher1, { receivableId: parking, amountFen: 10_000 });
    expect(part.json().data.totalFen).toBe(10_000);
    const tooMuch = await createOther(t.teacher1, { receivableId: parking, amountFen: 50_001 });
    expect(tooMuch.json().msg).toBe('Payment amount cannot be greater than the receivable amount');
    const unionPart = await createOther(t.teacher1, { receivableId: union, amountFen: 100 });
    expect(unionPart.json().msg).toBe('This item must be paid in full');
    expect((await createOther(t.teacher1, { receivableId: union })).json().data.totalFen).toBe(24_000);
    // A student cannot pay the staff member's receivable, nor a student fee through create-other.
    expect((await createOther(t.student1, { receivableId: parking })).json().msg).toBe(
      'The receivable does not exist',
    );
    const studentFee = await receivableId(
      db(),
      UNI,
      await boundPersonId(db(), UNI, 'student1'),
      'DORM',
      '2025-2026',
    );
    expect((await createOther(t.student1, { receivableId: studentFee })).json().msg).toBe(
      'The receivable does not exist',
    );
    expect((await createOther(t.teacher1, { receivableId: union, feeItemId: textbooks })).json().msg).toBe(
      'Please choose the items to pay',
    );
  });

  it('lets a WeChat visitor find an enrollee and pay an enrolment fee, once', async () => {
    const visitor = await visitorToken(ctx, UNI, 'o-enroll-visitor-1');
    const wrong = await api(ctx, 'POST', 'enroll/lookup', visitor, {
      body: { idCard: '110101200705061238', name: '林小二' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().msg).toBe(
      'No newly admitted student matches this ID number and name; please check your input',
    );
    const found = await api(ctx, 'POST', 'enroll/lookup', visitor, {
      body: { idCard: '110101200705061238', name: '林小一' },
    });
    expect(found.json().data).toMatchObject({ name: '林小一', admissionNo: 'A2025001', paidItemIds: [] });
    const items = found.json().data.items as { id: number; nameEn: string }[];
    const tuition = items.find((i) => i.nameEn === 'Freshman tuition')!;
    const lodging = items.find((i) => i.nameEn === 'Freshman accommodation')!;

    const body = { idCard: '110101200705061238', name: '林小一', feeItemId: tuition.id };
    const first = await api(ctx, 'POST', 'order/create-enroll', visitor, { body });
    expect(first.json().data.totalFen).toBe(500_000);
    expect(await orderRow(db(), first.json().data.orderId)).toMatchObject({
      orderType: 'OTHER',
      personType: 'enrollee',
      personName: '林小一',
      userId: null,
      userName: 'nick-o-enroll-visitor-1',
    });
    // Asking again continues the same order; someone else is told it is in progress.
    const again = await api(ctx, 'POST', 'order/create-enroll', visitor, { body });
    expect(again.json().data.orderNo).toBe(first.json().data.orderNo);
    const other = await api(ctx, 'POST', 'order/create-enroll', t.student1, { body });
    expect(other.json().msg).toBe(
      'There is already an unpaid order for this item; continue it from your orders',
    );
    // The visitor finds it among their orders.
    const mine = await api(ctx, 'GET', 'order/list', visitor);
    expect(mine.json().data.records.map((r: { orderNo: string }) => r.orderNo)).toEqual([
      first.json().data.orderNo,
    ]);

    await pay(db(), first.json().data.orderId);
    const paid = await api(ctx, 'POST', 'order/create-enroll', visitor, { body });
    expect(paid.json().msg).toBe('This item has already been paid');
    const after = await api(ctx, 'POST', 'enroll/lookup', visitor, {
      body: { idCard: '110101200705061238', name: '林小一' },
    });
    expect(after.json().data.paidItemIds).toEqual([tuition.id]);

    const noGuardian = await api(ctx, 'POST', 'order/create-enroll', visitor, {
      body: { ...body, feeItemId: lodging.id },
    });
    expect(noGuardian.json().msg).toBe(FORM_INCOMPLETE);
    // Enrolment items are not sold through create-other.
    expect((await createOther(t.student1, { feeItemId: tuition.id })).json().msg).toBe(
      'The fee item does not exist or is no longer offered',
    );
  });
});
