/**
 * Issue 9: ids beyond PostgreSQL's integer are a 400 "X is not valid" on every route (they were 500s),
 * and money and counts are read strictly: whole numbers, or their digits as text — never booleans,
 * hex, arrays, exponents, negatives, fractions or NaN.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '@server-test/helpers';
import {
  api,
  demoTokens,
  feeItemId,
  receivableId,
  boundPersonId,
  UNI,
  type Tokens,
} from '@server-test/fee-fixtures';

let ctx: TestContext;
let t: Tokens;
let topup: number;
let textbooks: number;
let dorm: number;

beforeAll(async () => {
  ctx = await createTestApp();
  t = await demoTokens(ctx);
  const db = ctx.database.db;
  topup = await feeItemId(db, UNI, 'Campus card top-up');
  textbooks = await feeItemId(db, UNI, 'Textbooks');
  dorm = await receivableId(db, UNI, await boundPersonId(db, UNI, 'student1'), 'DORM', '2024-2025');
});
afterAll(() => ctx?.close());

const TOO_BIG = [2 ** 31, 2 ** 63, '2147483648', '99999999999999999999'];

describe('ids', () => {
  const routes = (id: number | string): [string, 'GET' | 'POST', string, keyof Tokens, unknown?][] => [
    ['Id', 'GET', `order/detail/${id}`, 'student1'],
    ['Id', 'POST', `order/cancel/${id}`, 'student1'],
    ['Id', 'GET', `fee/receivable/${id}`, 'student1'],
    ['Id', 'GET', `fee/item/${id}`, 'student1'],
    ['Id', 'POST', `admin/bill/${id}/review`, 'finance1'],
    ['Id', 'POST', `admin/bill/${id}/void`, 'finance1'],
    ['Id', 'POST', `admin/order/${id}/refund`, 'finance1', { amountFen: 1 }],
    ['Id', 'POST', `admin/payment-exception/refund/${id}`, 'finance1'],
    ['Id', 'POST', `admin/payment-exception/resolve/${id}`, 'finance1', { note: 'x' }],
    ['Receivable', 'POST', 'order/create-fee', 'student1', { items: [{ receivableId: id }] }],
    ['Receivable', 'POST', 'order/create-other', 'student1', { receivableId: id }],
    ['Fee item', 'POST', 'order/create-other', 'student1', { feeItemId: id }],
    ['Fee item', 'POST', 'order/create-enroll', 'student1', { idCard: '1', name: 'x', feeItemId: id }],
    [
      'Receivable',
      'POST',
      'fee/offline',
      'student1',
      { receivableId: id, amountFen: 1, payMethod: 'bank', payDate: '2024-01-01' },
    ],
  ];

  it('beyond 2^31 - 1, or not a positive whole number, is "X is not valid" on every route', async () => {
    for (const id of [...TOO_BIG, 0, -1, '1e3', '0x10', 1.5]) {
      for (const [label, method, path, who, body] of routes(id)) {
        const res = await api(ctx, method, path, t[who], body === undefined ? {} : { body });
        expect(res.statusCode, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
        expect(res.json()).toMatchObject({ success: false, msg: `${label} is not valid` });
      }
    }
  });

  it('a missing id is "X is required"', async () => {
    const res = await api(ctx, 'POST', 'order/create-enroll', t.student1, {
      body: { idCard: '1', name: 'x' },
    });
    expect(res.json().msg).toBe('Fee item is required');
  });

  it('2^31 - 1 is still an id: the row is just not there', async () => {
    expect((await api(ctx, 'GET', 'order/detail/2147483647', t.student1)).statusCode).toBe(404);
    expect((await api(ctx, 'GET', 'fee/item/2147483647', t.student1)).statusCode).toBe(400);
    const review = await api(ctx, 'POST', 'admin/bill/2147483647/review', t.finance1);
    expect(review.json().msg).toBe('The bill does not exist or has already been reviewed');
  });

  it('paging and status numbers are read strictly too', async () => {
    for (const query of <Record<string, string | number>[]>[
      { current: '0x10' },
      { size: '1e1' },
      { current: '-1' },
      { size: 101 },
      { current: 2 ** 31 },
    ])
      expect(
        (await api(ctx, 'GET', 'order/list', t.student1, { query })).statusCode,
        JSON.stringify(query),
      ).toBe(400);
    const bills = await api(ctx, 'GET', 'admin/bill/list', t.finance1, { query: { status: 'true' } });
    expect(bills.json().msg).toBe('Status is not valid');
    const ok = await api(ctx, 'GET', 'order/list', t.student1, { query: { current: '1', size: '5' } });
    expect(ok.json().data).toMatchObject({ current: 1, size: 5 });
  });
});

describe('money and counts', () => {
  const topUp = (amountFen: unknown) =>
    api(ctx, 'POST', 'order/create-other', t.student1, { body: { feeItemId: topup, amountFen } });

  it('refuses booleans, hex, arrays, exponents, negatives, fractions and NaN as amounts', async () => {
    for (const amountFen of [
      true,
      false,
      '0x10',
      [5],
      ['5000'],
      '1e3',
      1e3 + 0.5,
      -5,
      '-5',
      '5.5',
      'NaN',
      '',
      ' 5000',
      {},
    ]) {
      const res = await topUp(amountFen);
      expect(res.statusCode, JSON.stringify(amountFen)).toBe(400);
      expect(res.json().msg).toBe('Amount is not valid');
    }
    const offline = await api(ctx, 'POST', 'fee/offline', t.student1, {
      body: { receivableId: dorm, amountFen: true, payMethod: 'bank', payDate: '2024-01-01' },
    });
    expect(offline.json().msg).toBe('Amount is not valid');
    const refund = await api(ctx, 'POST', 'admin/order/1/refund', t.finance1, {
      body: { amountFen: '0x10' },
    });
    expect(refund.json().msg).toBe('Amount is not valid');
  });

  it('takes an amount as a whole number or as its digits', async () => {
    const asNumber = await topUp(5_000);
    expect(asNumber.statusCode).toBe(200);
    expect(asNumber.json().data.totalFen).toBe(5_000);
    const asText = await topUp('6000');
    expect(asText.statusCode).toBe(200);
    expect(asText.json().data.totalFen).toBe(6_000);
  });

  it('refuses quantities and item ids that are not whole numbers', async () => {
    for (const body of [
      { feeItemId: textbooks, quantity: true },
      { feeItemId: textbooks, quantity: '0x2' },
      { feeItemId: textbooks, quantity: [2] },
      { feeItemId: textbooks, quantity: -1 },
      { feeItemId: textbooks, quantity: 2 ** 31 },
    ]) {
      const res = await api(ctx, 'POST', 'order/create-other', t.student1, { body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().msg).toBe('Quantity is not valid');
    }
    const itemTrue = await api(ctx, 'POST', 'order/create-other', t.student1, { body: { feeItemId: true } });
    expect(itemTrue.json().msg).toBe('Fee item is not valid');
    const two = await api(ctx, 'POST', 'order/create-other', t.student1, {
      body: { feeItemId: textbooks, quantity: '2' },
    });
    expect(two.statusCode).toBe(200);
    expect(two.json().data.totalFen).toBeGreaterThan(0);
  });
});
