/**
 * Ratings: a paid order's creator rates it once, 0–5 with the spec's names and a comment of at most
 * 200 characters; other people and unpaid orders are refused; the finance office reads the average
 * per item of its own tenant (0, "no rating yet", left out), and searches the ratings with their
 * comments (item, score, days, commented only) as a page or an XLSX file.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basicAuth, createTestApp, type TestContext } from '@server-test/helpers';
import { tokenFor } from '@server-test/issue-token';
import { api, COLLEGE, demoTokens, feeItemId, pay, UNI, type Tokens } from '@server-test/fee-fixtures';

describe('ratings', () => {
  let ctx: TestContext;
  let t: Tokens;
  const orders: number[] = [];
  let unpaid: number;
  let topupOrder: number;
  const db = () => ctx.database.db;
  const rate = (id: number, token: string, body: unknown) =>
    api(ctx, 'POST', `rating/submit/${id}`, token, { body });
  const averages = (token: string) => api(ctx, 'GET', 'admin/rating/averages', token);

  beforeAll(async () => {
    ctx = await createTestApp();
    t = await demoTokens(ctx);
    const buy = async (body: Record<string, unknown>) => {
      const res = await api(ctx, 'POST', 'order/create-other', t.student1, { body });
      expect(res.statusCode).toBe(200);
      return res.json().data.orderId as number;
    };
    const textbooks = await feeItemId(db(), UNI, 'Textbooks');
    for (let i = 0; i < 4; i++) {
      const id = await buy({ feeItemId: textbooks });
      await pay(db(), id);
      orders.push(id);
    }
    topupOrder = await buy({ feeItemId: await feeItemId(db(), UNI, 'Campus card top-up'), amountFen: 2_000 });
    await pay(db(), topupOrder);
    unpaid = await buy({ feeItemId: textbooks });
  });
  afterAll(() => ctx.close());

  it('keeps scores whole numbers 0–5 and comments within 200 characters', async () => {
    const id = orders[0]!;
    for (const score of [-1, 6, 2.5, '3', null]) {
      const res = await rate(id, t.student1, { score });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('The rating must be a whole number from 0 to 5');
    }
    const long = await rate(id, t.student1, { score: 4, comment: 'x'.repeat(201) });
    expect(long.statusCode).toBe(400);
    expect(long.json().msg).toBe('The comment must not be longer than 200 characters');
    expect((await api(ctx, 'GET', `rating/detail/${id}`, t.student1)).json().data).toEqual({
      orderId: id,
      rating: null,
      canRate: true,
    });
  });

  it('rates a paid order once, with the spec name of its score, shown in both languages', async () => {
    const id = orders[0]!;
    const res = await rate(id, t.student1, { score: 5, comment: `  ${'好'.repeat(200)}  ` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      orderId: id,
      canRate: false,
      rating: { score: 5, scoreName: 'very good', comment: '好'.repeat(200) },
    });
    const again = await rate(id, t.student1, { score: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('This order has already been rated; each order can be rated once');
    const zh = await ctx.app.inject({
      method: 'GET',
      url: `/api/blade-finance/rating/detail/${id}`,
      headers: {
        authorization: basicAuth(ctx.config),
        'accept-language': 'zh',
        'blade-auth': `bearer ${t.student1}`,
      },
    });
    expect(zh.json().data.rating).toMatchObject({ score: 5, scoreName: '非常好' });
  });

  it("refuses another user's order, another tenant's and an unpaid one", async () => {
    const id = orders[1]!;
    const teacher = await rate(id, t.teacher1, { score: 3 });
    expect(teacher.statusCode).toBe(403);
    const otherTenant = await rate(id, t.student2, { score: 3 });
    expect(otherTenant.statusCode).toBe(404);
    expect((await api(ctx, 'GET', `rating/detail/${id}`, t.student2)).statusCode).toBe(404);
    const notPaid = await rate(unpaid, t.student1, { score: 3 });
    expect(notPaid.statusCode).toBe(400);
    expect(notPaid.json().msg).toBe('An order can be rated once it is paid');
    expect((await api(ctx, 'GET', `rating/detail/${unpaid}`, t.student1)).json().data.canRate).toBe(false);
    expect((await api(ctx, 'GET', `rating/detail/${id}`, t.student1)).json().data.rating).toBeNull();
  });

  it('gives the finance office the average per item of its tenant, without "no rating yet"', async () => {
    expect((await rate(orders[1]!, t.student1, { score: 2 })).statusCode).toBe(200);
    expect((await rate(orders[2]!, t.student1, { score: 4 })).statusCode).toBe(200);
    expect((await rate(orders[3]!, t.student1, { score: 0, comment: 'no stars' })).statusCode).toBe(200);
    expect((await rate(topupOrder, t.student1, { score: 3 })).statusCode).toBe(200);

    const res = await averages(t.finance1);
    expect(res.statusCode).toBe(200);
    const items = res.json().data.items as { nameEn: string; ratings: number; average: number | null }[];
    // Textbooks: 5, 2, 4 (and a 0 left out) -> 3.67.
    expect(items.find((i) => i.nameEn === 'Textbooks')).toMatchObject({ ratings: 3, average: 3.67 });
    expect(items.find((i) => i.nameEn === 'Campus card top-up')).toMatchObject({ ratings: 1, average: 3 });

    expect((await averages(t.student1)).statusCode).toBe(403);
    const college = await averages(await tokenFor(ctx, COLLEGE, 'finance2'));
    expect(college.statusCode).toBe(200);
    expect(college.json().data.items).toEqual([]);
  });

  it('lets the finance office read the comments: filtered by item, score, comment and day, paged and exported', async () => {
    const list = (token: string, query: Record<string, string | number> = {}) =>
      api(ctx, 'GET', 'admin/rating/list', token, { query });
    const all = await list(t.finance1, { size: 2 });
    expect(all.statusCode).toBe(200);
    // Five ratings (the earlier tests'), newest first, two per page.
    expect(all.json().data.total).toBe(5);
    expect(all.json().data.records).toHaveLength(2);
    expect(all.json().data.records[0]).toMatchObject({ orderId: topupOrder, score: 3, scoreName: 'average' });

    const commented = (await list(t.finance1, { commented: 'true' })).json().data;
    expect(commented.records.map((r: { comment: string }) => r.comment).sort()).toEqual([
      'no stars',
      '好'.repeat(200),
    ]);
    const textbooks = (await list(t.finance1, { item: 'textbook' })).json().data;
    expect(textbooks.total).toBe(4);
    expect(textbooks.records[0]).toMatchObject({ itemsEn: 'Textbooks' });
    expect(textbooks.records[0].orderNo).toMatch(/^O\d+$/);
    const zero = (await list(t.finance1, { score: 0 })).json().data;
    expect(zero.records).toMatchObject([
      { orderId: orders[3], comment: 'no stars', scoreName: 'no rating yet' },
    ]);
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    expect((await list(t.finance1, { from: today, to: today })).json().data.total).toBe(5);
    expect((await list(t.finance1, { from: '2020-01-01', to: '2020-01-31' })).json().data.total).toBe(0);

    // Bad filters are a 400 with a message, never a 500.
    const bad: Record<string, string | number>[] = [
      { score: 6 },
      { score: 'x' },
      { from: '2020-13-01' },
      { item: 'x'.repeat(65) },
    ];
    for (const query of bad) {
      const res = await list(t.finance1, query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().msg).toBeTruthy();
    }
    // Walls: a payer may not search; another school's office finds none of these.
    expect((await list(t.student1)).statusCode).toBe(403);
    expect((await list(await tokenFor(ctx, COLLEGE, 'finance2'))).json().data.total).toBe(0);

    const file = await api(ctx, 'GET', 'admin/rating/export', t.finance1, { query: { commented: 'true' } });
    expect(file.statusCode).toBe(200);
    expect(String(file.headers['content-disposition'])).toMatch(/^attachment/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe('Ratings');
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Time',
      'Order no.',
      'Items',
      'Score',
      'Rating',
      'Comment',
    ]);
    const rows = [2, 3].map((n) => sheet.getRow(n).values as unknown[]);
    expect(rows.map((r) => r[6]).sort()).toEqual(['no stars', '好'.repeat(200)]);
    expect(rows.map((r) => r[4]).sort()).toEqual([0, 5]);
    expect(sheet.getRow(4).getCell(1).value).toBe('Total: 2 ratings');
  });
});
