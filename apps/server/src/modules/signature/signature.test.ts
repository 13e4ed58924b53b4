/**
 * Signatures: an item flagged before payment holds the payment until its order is signed; the pad's
 * PNG is checked (a PNG, ≤ 200 KB, a sane size) and stored once with its strokes; only the order's
 * creator signs, whoever may see the order sees the image (image/png, nosniff), other tenants nothing.
 */
import { SIGNATURE_NEEDED_CODE } from '@cf/shared/signature-limits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basicAuth, createTestApp, type TestContext } from '@server-test/helpers';
import { api, demoTokens, feeItemId, orderRow, pay, UNI, type Tokens } from '@server-test/fee-fixtures';
import { makePng, STROKES } from '@server-test/png-fixtures';
import { readPngHeader } from './png';
import { requireSignature } from './repo';
import { orderSignaturePng } from './service';

describe('signatures', () => {
  let ctx: TestContext;
  let t: Tokens;
  let dormKeyOrder: number;
  let dormKeyOrderNo: string;
  let textbookOrder: number;
  let plainOrder: number;
  const db = () => ctx.database.db;
  const good = makePng(240, 90);
  /** A signature sent in Chinese, or (token null) without a sign-in. */
  const signAs = (id: number, token: string | null, png: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/blade-finance/signature/submit/${id}`,
      headers: {
        authorization: basicAuth(ctx.config),
        'accept-language': 'zh',
        ...(token ? { 'blade-auth': `bearer ${token}` } : {}),
      },
      payload: { png, strokes: STROKES },
    });
  const submit = (id: number, token: string, png = good.toString('base64'), strokes: unknown = STROKES) =>
    api(ctx, 'POST', `signature/submit/${id}`, token, { body: { png, strokes } });
  const detail = (id: number, token: string) => api(ctx, 'GET', `signature/detail/${id}`, token);

  beforeAll(async () => {
    ctx = await createTestApp();
    t = await demoTokens(ctx);
    const dormKey = await feeItemId(db(), UNI, 'Dormitory key deposit');
    const textbooks = await feeItemId(db(), UNI, 'Textbooks');
    const buy = async (feeItemIdValue: number, more: Record<string, unknown> = {}) => {
      const res = await api(ctx, 'POST', 'order/create-other', t.student1, {
        body: { feeItemId: feeItemIdValue, ...more },
      });
      expect(res.statusCode).toBe(200);
      return res.json().data as { orderId: number; orderNo: string };
    };
    ({ orderId: dormKeyOrder, orderNo: dormKeyOrderNo } = await buy(dormKey, {
      formData: { room: 'Building 3, 402' },
    }));
    plainOrder = (await buy(await feeItemId(db(), UNI, 'Campus card top-up'), { amountFen: 1_000 })).orderId;
    // Textbooks ask for a signature after payment from here on (the demo flags the key deposit only).
    await requireSignature(db(), UNI, textbooks, 'after_pay');
    textbookOrder = (await buy(textbooks)).orderId;
  });
  afterAll(() => ctx.close());

  it('reads a PNG header and refuses what is not one', () => {
    expect(readPngHeader(good)).toEqual({ width: 240, height: 90, bitDepth: 8, colorType: 6 });
    expect(
      readPngHeader(Buffer.from('GIF89a not a png at all, just some bytes to be long enough')),
    ).toBeNull();
    const badCrc = Buffer.from(good);
    badCrc[20] = 0x7f; // height changed without its CRC
    expect(readPngHeader(badCrc)).toBeNull();
    expect(readPngHeader(good.subarray(0, good.length - 12))).toBeNull();
  });

  it('holds the payment of an item signed for before payment until the order is signed', async () => {
    const state = (await detail(dormKeyOrder, t.student1)).json().data;
    expect(state).toMatchObject({
      required: true,
      timing: 'before_pay',
      signed: false,
      canSign: true,
      blocksPayment: true,
    });
    const prepay = await api(ctx, 'POST', 'pay/prepay', t.student1, {
      body: { orderNo: dormKeyOrderNo, channel: 'sandbox' },
    });
    expect(prepay.statusCode).toBe(400);
    expect(prepay.json().code).toBe(SIGNATURE_NEEDED_CODE);
    expect(prepay.json().msg).toBe(
      'This order must be signed by the person who created it (step 1 at the cashier) before it can be paid',
    );
  });

  it('says so on the item and the cashier: the timing and the declaration above the pad', async () => {
    // The fee list and the item's page carry the flag; an item without one says null.
    const other = (await api(ctx, 'GET', 'fee/other', t.student1)).json().data;
    const byName = (name: string) =>
      other.manual.find((i: { nameEn: string }) => i.nameEn === name) as {
        id: number;
        signatureTiming: string;
      };
    expect(byName('Dormitory key deposit').signatureTiming).toBe('before_pay');
    expect(byName('Textbooks').signatureTiming).toBe('after_pay');
    const item = (await api(ctx, 'GET', `fee/item/${byName('Dormitory key deposit').id}`, t.student1)).json()
      .data;
    expect(item.signatureTiming).toBe('before_pay');
    // The cashier holds the signing step with the demo's declaration; a plain order has none.
    const cashier = (await api(ctx, 'GET', `pay/cashier?orderNo=${dormKeyOrderNo}`, t.student1)).json().data;
    expect(cashier.signature).toMatchObject({
      orderId: dormKeyOrder,
      timing: 'before_pay',
      blocksPayment: true,
      canSign: true,
      signed: false,
    });
    expect(cashier.signature.declaration).toContain('本人确认已领取宿舍钥匙一把');
    expect(cashier.signature.declarationEn).toContain('I confirm I have received one dormitory key');
    const state = (await detail(dormKeyOrder, t.student1)).json().data;
    expect(state.declaration).toBe(cashier.signature.declaration);
  });

  it('refuses a non-PNG, an oversized PNG, a PNG of an unusable size and an empty pad', async () => {
    const notPng = await submit(
      dormKeyOrder,
      t.student1,
      Buffer.from('<svg onload=alert(1)>').toString('base64'),
    );
    expect(notPng.statusCode).toBe(400);
    expect(notPng.json().msg).toBe('The signature is not a valid PNG image');
    const big = makePng(300, 300, { noise: true });
    expect(big.length).toBeGreaterThan(200 * 1024);
    const oversized = await submit(dormKeyOrder, t.student1, big.toString('base64'));
    expect(oversized.statusCode).toBe(400);
    expect(oversized.json().msg).toBe('The signature image must not be larger than 200 KB');
    const tiny = await submit(dormKeyOrder, t.student1, makePng(8, 8).toString('base64'));
    expect(tiny.json().msg).toBe('The signature image has an unusable size; please sign again');
    const huge = await submit(dormKeyOrder, t.student1, makePng(4000, 20).toString('base64'));
    expect(huge.json().msg).toBe('The signature image has an unusable size; please sign again');
    const empty = await submit(dormKeyOrder, t.student1, good.toString('base64'), []);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().msg).toBe('Please sign first');
    const unsigned = await signAs(dormKeyOrder, null, good.toString('base64'));
    expect(unsigned.statusCode).toBe(401);
    expect((await detail(dormKeyOrder, t.student1)).json().data.signed).toBe(false);
  });

  it("refuses another user's order and another tenant's", async () => {
    const other = await submit(dormKeyOrder, t.teacher1);
    expect(other.statusCode).toBe(403);
    const otherTenant = await submit(dormKeyOrder, t.student2);
    expect(otherTenant.statusCode).toBe(404);
    expect((await detail(dormKeyOrder, t.student2)).statusCode).toBe(404);
    expect((await orderRow(db(), dormKeyOrder)).signatureStatus).toBe('none');
  });

  it('stores a good signature once, serves it as image/png and then lets the order be paid', async () => {
    const res = await submit(dormKeyOrder, t.student1, `data:image/png;base64,${good.toString('base64')}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      signed: true,
      width: 240,
      height: 90,
      canSign: false,
      blocksPayment: false,
    });
    expect((await orderRow(db(), dormKeyOrder)).signatureStatus).toBe('signed');

    const image = await api(ctx, 'GET', `signature/image/${dormKeyOrder}`, t.student1);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.rawPayload.equals(good)).toBe(true);
    expect(await orderSignaturePng(db(), UNI, dormKeyOrder)).toEqual(good);
    expect(await orderSignaturePng(db(), '100002', dormKeyOrder)).toBeNull();
    expect((await api(ctx, 'GET', `signature/image/${dormKeyOrder}`, t.teacher1)).statusCode).toBe(403);
    expect((await api(ctx, 'GET', `signature/image/${dormKeyOrder}`, t.student2)).statusCode).toBe(404);

    // The second signature is refused, in the caller's language, and the first one stays.
    const again = await submit(dormKeyOrder, t.student1, makePng(200, 80).toString('base64'));
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('This order is already signed; a confirmed signature cannot be replaced');
    const zh = await signAs(dormKeyOrder, t.student1, good.toString('base64'));
    expect(zh.statusCode).toBe(409);
    expect(zh.json().msg).toBe('该订单已签名，签名确认后不能更换');
    expect(
      (await api(ctx, 'GET', `signature/image/${dormKeyOrder}`, t.student1)).rawPayload.equals(good),
    ).toBe(true);

    const prepay = await api(ctx, 'POST', 'pay/prepay', t.student1, {
      body: { orderNo: dormKeyOrderNo, channel: 'sandbox' },
    });
    expect(prepay.json().msg ?? '').not.toMatch(/signed/);
  });

  it('asks for an after-payment signature only once the order is paid', async () => {
    expect((await detail(textbookOrder, t.student1)).json().data).toMatchObject({
      required: true,
      timing: 'after_pay',
      canSign: false,
      blocksPayment: false,
    });
    const early = await submit(textbookOrder, t.student1);
    expect(early.statusCode).toBe(400);
    expect(early.json().msg).toBe('This order cannot be signed now');
    await pay(db(), textbookOrder);
    expect((await detail(textbookOrder, t.student1)).json().data.canSign).toBe(true);
    expect((await submit(textbookOrder, t.student1)).statusCode).toBe(200);
  });

  it('refuses to sign an order no item of which asks for it', async () => {
    expect((await detail(plainOrder, t.student1)).json().data).toMatchObject({
      required: false,
      timing: null,
    });
    const res = await submit(plainOrder, t.student1);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('This order does not need a signature');
  });
});
