/**
 * Ratings of orders: after a payment the order's creator may rate it 0–5 (spec §3 names) with an
 * optional comment, once; whoever may see the order sees the rating; the finance office reads the
 * average per item and searches the ratings themselves, comments and all (admin/ratings-routes.ts).
 */
import { translate, type Language } from '@cf/shared/messages';
import type { RatingScore } from '@cf/shared/rating-rules';
import type {
  OrderRating,
  RatingAverages,
  RatingEntry,
  RatingFilters,
  SubmitRatingBody,
} from '@cf/shared/wire/rating';
import type { FastifyReply } from 'fastify';
import type { Db } from '@server/db/client';
import { noteAudit } from '@server/http/audit';
import type { AuthContext } from '@server/http/context';
import { page, type PageQuery } from '@server/http/envelope';
import { AppError, badRequest, forbidden } from '@server/http/errors';
import { dayRange } from '@server/http/search';
import { checkExportSize, schoolTime, sendXlsx, type XlsxColumn } from '@server/http/xlsx';
import type { OrderRow } from '@server/modules/order/pay-status';
import { isCreator, visibleOrder } from '@server/modules/order/query-service';
import {
  averagesPerItem,
  countRatings,
  findRating,
  insertRating,
  ratingBatches,
  ratingPage,
  type RatingListRow,
  type RatingRow,
} from './repo';

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

const entryView = (row: RatingListRow, lang: Language): RatingEntry => ({
  id: Number(row.id),
  orderId: Number(row.order_id),
  orderNo: row.order_no,
  items: row.items,
  itemsEn: row.items_en,
  score: Number(row.score),
  scoreName: scoreName(Number(row.score), lang),
  comment: row.comment,
  createdAt: new Date(Number(row.created_ms)).toISOString(),
});

/** A page of the tenant's ratings, newest first (the finance office's search). */
export async function listRatings(
  db: Db,
  tenantId: string,
  filters: RatingFilters,
  q: PageQuery,
  lang: Language,
) {
  dayRange(filters.from, filters.to);
  const { rows, total } = await ratingPage(db, tenantId, filters, q);
  return page(
    rows.map((r) => entryView(r, lang)),
    total,
    q,
  );
}

/** The same search as an XLSX file in the clerk's language. */
export async function exportRatings(
  db: Db,
  auth: AuthContext,
  filters: RatingFilters,
  lang: Language,
  reply: FastifyReply,
) {
  dayRange(filters.from, filters.to);
  const { count: rows, lastId } = await countRatings(db, auth.tenantId, filters);
  checkExportSize(rows);
  noteAudit(reply.request, { rows });
  const h = (key: Parameters<typeof translate>[0]) => translate(key, lang);
  const columns: XlsxColumn<RatingListRow>[] = [
    {
      header: h('export.time'),
      kind: 'time',
      value: (r) => schoolTime(new Date(Number(r.created_ms))),
      total: translate('export.ratingsTotal', lang, { count: rows }),
    },
    { header: h('export.orderNo'), width: 26, value: (r) => r.order_no },
    { header: h('export.items'), width: 36, value: (r) => (lang === 'en' ? r.items_en : r.items) },
    { header: h('export.score'), width: 8, value: (r) => Number(r.score) },
    { header: h('export.scoreName'), width: 12, value: (r) => scoreName(Number(r.score), lang) },
    { header: h('export.comment'), width: 60, value: (r) => r.comment },
  ];
  return sendXlsx(
    reply,
    'ratings.xlsx',
    h('export.ratingsSheet'),
    columns,
    ratingBatches(db, auth.tenantId, filters, lastId),
  );
}
