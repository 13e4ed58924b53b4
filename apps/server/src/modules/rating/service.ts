/**
 * Ratings of orders: after a payment the order's creator may rate it 0–5 (spec §3 names) with an
 * optional comment, once; whoever may see the order sees the rating; the finance office reads the
 * average per item (admin/ratings-routes.ts).
 */
import { translate, type Language } from '@cf/shared/messages';
import type { RatingScore } from '@cf/shared/rating-rules';
import type { OrderRating, RatingAverages, SubmitRatingBody } from '@cf/shared/wire/rating';
import type { Db } from '@server/db/client';
import type { AuthContext } from '@server/http/context';
import { AppError, badRequest, forbidden } from '@server/http/errors';
import type { OrderRow } from '@server/modules/order/pay-status';
import { isCreator, visibleOrder } from '@server/modules/order/query-service';
import { averagesPerItem, findRating, insertRating, type RatingRow } from './repo';

/** A payment was made: paid, or paid and refunded since. */
const PAID = new Set(['PAID', 'REFUND']);

export const scoreName = (score: number, lang: Language) =>
  translate(`rating.name.${score as RatingScore}`, lang);

function view(order: OrderRow, auth: AuthContext, row: RatingRow | undefined, lang: Language): OrderRating {
  return {
    orderId: order.id,
    rating: row
      ? {
          score: row.score,
          scoreName: scoreName(row.score, lang),
          comment: row.comment,
          createdAt: row.createdAt.toISOString(),
        }
      : null,
    canRate: !row && PAID.has(order.payStatus) && isCreator(order, auth),
  };
}

export async function orderRating(db: Db, auth: AuthContext, orderId: number, lang: Language) {
  const order = await visibleOrder(db, auth, orderId);
  return view(order, auth, await findRating(db, order.tenantId, order.id), lang);
}

export async function rateOrder(
  db: Db,
  auth: AuthContext,
  orderId: number,
  body: SubmitRatingBody,
  lang: Language,
): Promise<OrderRating> {
  const order = await visibleOrder(db, auth, orderId);
  if (!isCreator(order, auth)) throw forbidden('rating.forbidden');
  if (!PAID.has(order.payStatus)) throw badRequest('rating.notPaid');
  const row = await insertRating(db, {
    tenantId: order.tenantId,
    orderId: order.id,
    raterUserId: auth.userId > 0 ? auth.userId : null,
    raterOauthId: auth.oauthId,
    score: body.score,
    comment: body.comment,
  });
  if (!row) throw new AppError(409, 'rating.alreadyRated');
  return view(order, auth, row, lang);
}

/** The finance office's averages per item of its tenant. */
export async function ratingAverages(db: Db, tenantId: string): Promise<RatingAverages> {
  const rows = await averagesPerItem(db, tenantId);
  return {
    items: rows.map((r) => ({ ...r, average: r.average === null ? null : Number(r.average) })),
  };
}
