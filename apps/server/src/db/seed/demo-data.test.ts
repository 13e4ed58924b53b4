/** The demo's people pass the product's own rules: what a demo shows can be entered again as it is. */
import { bankCardProblem } from '@cf/shared/bank-card';
import { isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '@server-test/helpers';
import { users } from '../schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('demo people', () => {
  it("have bank cards that pass the profile's card rule (16–19 digits, Luhn check digit)", async () => {
    const rows = await ctx.database.db
      .select({ account: users.account, bankCard: users.bankCard })
      .from(users)
      .where(isNotNull(users.bankCard));
    expect(rows.length).toBeGreaterThan(0);
    for (const { account, bankCard } of rows)
      expect([account, bankCardProblem(bankCard!)]).toEqual([account, null]);
  });
});
