import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '@server-test/helpers';
import { backdate, createPayOrder, paymentFacts } from '@server-test/pay-fixtures';
import { startJobs } from './runner';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ JOB_EXPIRE_INTERVAL: '0.05', JOB_RECONCILE_INTERVAL: '0.05' });
});
afterAll(async () => ctx?.close());

describe('the job runner', () => {
  it('runs the expiry job on its interval and stops cleanly', async () => {
    const order = await createPayOrder(ctx);
    await backdate(ctx.database.db, order.id, 'expire', 60);
    const jobs = startJobs(ctx.app);
    try {
      const until = Date.now() + 10_000;
      while ((await paymentFacts(ctx.database.db, order)).order.payStatus !== 'CLOSED' && Date.now() < until)
        await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      await jobs.stop();
    }
    expect((await paymentFacts(ctx.database.db, order)).order).toMatchObject({
      payStatus: 'CLOSED',
      closeReason: 'expired',
    });
  });

  it('does nothing when jobs are switched off', async () => {
    const off = { ...ctx.app.config, jobs: { ...ctx.app.config.jobs, enabled: false } };
    const order = await createPayOrder(ctx);
    await backdate(ctx.database.db, order.id, 'expire', 60);
    const jobs = startJobs({ ...ctx.app, config: off } as typeof ctx.app);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await jobs.stop();
    expect((await paymentFacts(ctx.database.db, order)).order.payStatus).toBe('NOT_PAY');
  });
});
