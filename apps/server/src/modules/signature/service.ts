/**
 * Signatures of orders: whether an order asks for one (some item of it does, before or after
 * payment), confirming it once (the creator only; a checked PNG plus its strokes), showing it, and
 * the check the pay module runs before a payment starts. The invoice module reads the PNG through
 * orderSignaturePng.
 */
import type { SignatureState, SubmitSignatureBody } from '@cf/shared/wire/signature';
import { SIGNATURE_LIMITS, SIGNATURE_NEEDED_CODE } from '@cf/shared/signature-limits';
import type { Db } from '@server/db/client';
import type { SignatureTiming } from '@server/db/schema-signature';
import { transaction } from '@server/db/transaction';
import type { AuthContext } from '@server/http/context';
import { AppError, badRequest, forbidden, notFound } from '@server/http/errors';
import type { OrderRow } from '@server/modules/order/pay-status';
import { isCreator, visibleOrder } from '@server/modules/order/query-service';
import { pngDataFits, readPngHeader } from './png';
import { asksOfOrder, findSignatureFacts, findSignaturePng, timingsOfOrder } from './repo';
import { markSigned } from './signature-status';

const OPEN = new Set(['NOT_PAY', 'PAYING']);
const PAID = new Set(['PAID', 'REFUND']);

/** before_pay wins over after_pay when the order's items differ. */
const timingOf = (timings: SignatureTiming[]): SignatureTiming | null =>
  timings.includes('before_pay') ? 'before_pay' : timings.length > 0 ? 'after_pay' : null;

/** Whether the order's state asks for the signature now: open orders only for a before-payment one. */
const asksNow = (order: OrderRow, timing: SignatureTiming | null) =>
  timing !== null && (PAID.has(order.payStatus) || (timing === 'before_pay' && OPEN.has(order.payStatus)));

/** The items' declarations, each once, one paragraph each. */
const joined = (texts: string[]) => [...new Set(texts.map((x) => x.trim()).filter(Boolean))].join('\n');

async function stateOf(db: Db, auth: AuthContext | null, order: OrderRow): Promise<SignatureState> {
  const asks = await asksOfOrder(db, order.tenantId, order.id);
  const timing = timingOf(asks.map((a) => a.timing));
  const signed = order.signatureStatus === 'signed';
  const facts = signed ? await findSignatureFacts(db, order.tenantId, order.id) : undefined;
  return {
    orderId: order.id,
    required: timing !== null,
    timing,
    signed,
    signedAt: facts?.createdAt.toISOString() ?? null,
    width: facts?.width ?? null,
    height: facts?.height ?? null,
    canSign: !signed && asksNow(order, timing) && auth !== null && isCreator(order, auth),
    blocksPayment: !signed && timing === 'before_pay' && OPEN.has(order.payStatus),
    declaration: joined(asks.map((a) => a.declaration)),
    declarationEn: joined(asks.map((a) => a.declarationEn)),
  };
}

/** The signature state of an order the caller may see (404 another tenant's, 403 another person's). */
export async function signatureState(db: Db, auth: AuthContext, orderId: number): Promise<SignatureState> {
  return stateOf(db, auth, await visibleOrder(db, auth, orderId));
}

/** The PNG bytes of a data: URL or plain Base64, checked: ≤ 200 KB, a PNG, a sane size. */
export function checkSignaturePng(text: string) {
  const base64 = text.replace(/^data:image\/png;base64,/, '');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) throw badRequest('signature.notPng');
  const png = Buffer.from(base64, 'base64');
  if (png.length > SIGNATURE_LIMITS.maxBytes) throw badRequest('signature.tooLarge');
  const header = readPngHeader(png);
  if (!header) throw badRequest('signature.notPng');
  const { width, height } = header;
  if (
    width < SIGNATURE_LIMITS.minWidth ||
    height < SIGNATURE_LIMITS.minHeight ||
    width > SIGNATURE_LIMITS.maxWidth ||
    height > SIGNATURE_LIMITS.maxHeight
  )
    throw badRequest('signature.badSize');
  // Checked after the size: what is inflated is bounded by what a picture of that size needs.
  if (!pngDataFits(png, header)) throw badRequest('signature.notPng');
  return { png, width, height };
}

/** Confirms the order's signature: once, by its creator, when the order asks for it. */
export async function submitSignature(
  db: Db,
  auth: AuthContext,
  orderId: number,
  body: SubmitSignatureBody,
): Promise<SignatureState> {
  const order = await visibleOrder(db, auth, orderId);
  if (!isCreator(order, auth)) throw forbidden('signature.forbidden');
  if (order.signatureStatus === 'signed') throw new AppError(409, 'signature.alreadySigned');
  const timing = timingOf(await timingsOfOrder(db, order.tenantId, order.id));
  if (timing === null) throw badRequest('signature.notRequired');
  if (!asksNow(order, timing)) throw badRequest('signature.notNow');
  const { png, width, height } = checkSignaturePng(body.png);
  const written = await transaction(db, (tx) =>
    markSigned(tx, {
      tenantId: order.tenantId,
      orderId: order.id,
      signerUserId: auth.userId > 0 ? auth.userId : null,
      signerOauthId: auth.oauthId,
      png,
      width,
      height,
      strokes: body.strokes,
    }),
  );
  // Two confirmations at once: the other one won.
  if (!written) throw new AppError(409, 'signature.alreadySigned');
  return stateOf(db, auth, { ...order, signatureStatus: 'signed' });
}

/** The PNG of an order the caller may see. */
export async function signatureImage(db: Db, auth: AuthContext, orderId: number): Promise<Buffer> {
  const order = await visibleOrder(db, auth, orderId);
  const png = await findSignaturePng(db, order.tenantId, order.id);
  if (!png) throw notFound('signature.notFound');
  return png;
}

/**
 * For the cashier (handed in by app.ts, as pay sits below signature): what the order asks to be signed,
 * or null when nothing is. A payer through a pay link (no caller, or not the creator) cannot sign.
 */
export async function cashierSignature(
  db: Db,
  auth: AuthContext | null,
  order: OrderRow,
): Promise<SignatureState | null> {
  const state = await stateOf(db, auth, order);
  return state.required ? state : null;
}

/** For the invoice module: the order's confirmed signature PNG, or null. No caller check: the caller did it. */
export const orderSignaturePng = (db: Db, tenantId: string, orderId: number): Promise<Buffer | null> =>
  findSignaturePng(db, tenantId, orderId);

/**
 * The pay module's check before a payment starts (handed in by app.ts, as pay sits below signature):
 * an order whose item asks for a signature before payment is not paid until it is signed.
 */
export async function assertSignedBeforePay(db: Db, order: OrderRow): Promise<void> {
  if (order.signatureStatus === 'signed') return;
  const timings = await timingsOfOrder(db, order.tenantId, order.id);
  if (timings.includes('before_pay'))
    throw new AppError(400, 'signature.neededBeforePay', undefined, SIGNATURE_NEEDED_CODE);
}
