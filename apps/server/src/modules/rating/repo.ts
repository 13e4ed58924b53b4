/** SQL of ratings: one row per order; the averages per item and the search the finance office reads. */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { RatingFilters } from '@cf/shared/wire/rating';
import { queryRows, type Db } from '@server/db/client';
import type { PageQuery } from '@server/http/envelope';
import { dayRange, likePattern } from '@server/http/search';
import { orderItems } from '@server/db/schema-finance';
import { orderRatings } from '@server/db/schema-rating';

export type RatingRow = typeof orderRatings.$inferSelect;

export async function findRating(db: Db, tenantId: string, orderId: number): Promise<RatingRow | undefined> {
  const [row] = await db
    .select()
    .from(orderRatings)
    .where(and(eq(orderRatings.tenantId, tenantId), eq(orderRatings.orderId, orderId)));
  return row;
}

/** The order's rating, unless it has one already (then undefined: one rating per order). */
export async function insertRating(
  db: Db,
  rating: typeof orderRatings.$inferInsert,
): Promise<RatingRow | undefined> {
  const [row] = await db
    .insert(orderRatings)
    .values(rating)
    .onConflictDoNothing({ target: orderRatings.orderId })
    .returning();
  return row;
}

/** Per item of rated orders (by catalogue item, else by name): how many rated 1–5 and their average. */
export async function averagesPerItem(db: Db, tenantId: string) {
  const rated = sql`${orderRatings.score} > 0`;
  return db
    .select({
      name: orderItems.name,
      nameEn: orderItems.nameEn,
      feeItemId: orderItems.feeItemId,
      ratings: sql<number>`(count(*) filter (where ${rated}))::int`,
      average: sql<string | null>`round(avg(${orderRatings.score}) filter (where ${rated}), 2)`,
    })
    .from(orderRatings)
    .innerJoin(orderItems, eq(orderItems.orderId, orderRatings.orderId))
    .where(eq(orderRatings.tenantId, tenantId))
    .groupBy(orderItems.feeItemId, orderItems.name, orderItems.nameEn)
    .orderBy(asc(orderItems.name));
}

export interface RatingListRow {
  id: number;
  order_id: number;
  order_no: string;
  items: string;
  items_en: string;
  score: number;
  comment: string;
  created_ms: string | number;
}

const LIST_SELECT = sql`SELECT r.id, r.order_id, o.order_no, r.score, r.comment,
  floor(extract(epoch FROM r.created_at) * 1000)::float8 AS created_ms,
  coalesce((SELECT string_agg(i.name, '、' ORDER BY i.id) FROM order_items i WHERE i.order_id = r.order_id), '') AS items,
  coalesce((SELECT string_agg(coalesce(nullif(i.name_en, ''), i.name), ', ' ORDER BY i.id) FROM order_items i WHERE i.order_id = r.order_id), '') AS items_en
  FROM order_ratings r JOIN orders o ON o.id = r.order_id AND o.tenant_id = r.tenant_id`;

function ratingWhere(tenantId: string, f: RatingFilters): SQL {
  const parts: SQL[] = [sql`r.tenant_id = ${tenantId}`];
  if (f.item)
    parts.push(
      sql`EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = r.order_id AND (i.name ILIKE ${likePattern(f.item)} OR i.name_en ILIKE ${likePattern(f.item)}))`,
    );
  if (f.score !== undefined) parts.push(sql`r.score = ${f.score}`);
  if (f.commented) parts.push(sql`r.comment <> ''`);
  const { start, end } = dayRange(f.from, f.to);
  if (start) parts.push(sql`r.created_at >= ${start.toISOString()}::timestamptz`);
  if (end) parts.push(sql`r.created_at < ${end.toISOString()}::timestamptz`);
  return sql.join(parts, sql` AND `);
}

/** A page of the tenant's ratings, newest first, and how many the search finds. */
export async function ratingPage(db: Db, tenantId: string, f: RatingFilters, q: PageQuery) {
  const w = ratingWhere(tenantId, f);
  const [rows, [count]] = await Promise.all([
    queryRows<RatingListRow>(
      db,
      sql`${LIST_SELECT} WHERE ${w} ORDER BY r.created_at DESC, r.id DESC LIMIT ${q.size} OFFSET ${(q.current - 1) * q.size}`,
    ),
    queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM order_ratings r WHERE ${w}`),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

/** How many ratings the search finds and the newest id: an export writes those, no later ones. */
export async function countRatings(db: Db, tenantId: string, f: RatingFilters) {
  const [row] = await queryRows<{ n: number; last_id: number }>(
    db,
    sql`SELECT count(*)::int AS n, coalesce(max(r.id), 0)::int AS last_id FROM order_ratings r WHERE ${ratingWhere(tenantId, f)}`,
  );
  return { count: Number(row?.n ?? 0), lastId: Number(row?.last_id ?? 0) };
}

/** The search's ratings in batches, newest first (keyset on id). */
export async function* ratingBatches(
  db: Db,
  tenantId: string,
  f: RatingFilters,
  lastId: number,
  batch = 1000,
): AsyncGenerator<RatingListRow[]> {
  const w = ratingWhere(tenantId, f);
  let below = lastId + 1;
  for (;;) {
    const rows = await queryRows<RatingListRow>(
      db,
      sql`${LIST_SELECT} WHERE ${w} AND r.id < ${below} ORDER BY r.id DESC LIMIT ${batch}`,
    );
    if (rows.length === 0) return;
    yield rows;
    below = Number(rows[rows.length - 1]!.id);
    if (rows.length < batch) return;
  }
}
