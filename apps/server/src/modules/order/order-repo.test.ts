/** insertOrder draws another number when the one drawn is taken, instead of failing the payment. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '@server-test/helpers';
import { orderItems, orders } from '@server/db/schema-finance';
import { insertOrder, type NewOrder } from './order-repo';
import { transaction } from '@server/db/transaction';

const drawn = vi.hoisted(() => ({ numbers: [] as string[] }));
vi.mock('./order-no', () => ({ newOrderNo: () => drawn.numbers.shift()! }));

describe('insertOrder', () => {
  let ctx: TestContext;
  const order: NewOrder = {
    tenantId: '100001',
    orderType: 'OTHER',
    personType: 'student',
    personId: 1,
    personName: 'x',
    userId: null,
    oauthId: null,
    userName: '',
    totalFen: 100,
  };
  const line = { name: 'item', priceFen: 100, quantity: 1, amountFen: 100 };

  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('retries on a taken order number and gives up after a few tries', async () => {
    const db = ctx.database.db;
    drawn.numbers = ['O1', 'O1', 'O1', 'O2'];
    const first = await transaction(db, (tx) => insertOrder(tx, order, [line], 30));
    const second = await transaction(db, (tx) => insertOrder(tx, order, [line], 30));
    expect([first.orderNo, second.orderNo]).toEqual(['O1', 'O2']);
    const items = await db.select().from(orderItems).where(eq(orderItems.orderId, second.id));
    expect(items).toMatchObject([{ tenantId: '100001', amountFen: 100 }]);

    drawn.numbers = Array(5).fill('O1');
    await expect(transaction(db, (tx) => insertOrder(tx, order, [line], 30))).rejects.toThrow(
      'could not draw an unused order number',
    );
    expect(await db.select().from(orders)).toHaveLength(2);
  });
});
