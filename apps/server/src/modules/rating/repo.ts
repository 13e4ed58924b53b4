/** SQL of ratings: one row per order, and the averages per item the finance office reads. */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
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
