/** Ratings of paid orders: one per order, 0–5 (0: no rating yet) with an optional comment. */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, tenantId } from './schema';
import { orders } from './schema-finance';

export const orderRatings = pgTable(
  'order_ratings',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    raterUserId: integer('rater_user_id'),
    raterOauthId: integer('rater_oauth_id'),
    score: smallint('score').notNull(),
    comment: text('comment').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('order_ratings_order').on(t.orderId),
    index('order_ratings_tenant').on(t.tenantId),
    check('order_ratings_score', sql`${t.score} between 0 and 5`),
    check('order_ratings_comment', sql`char_length(${t.comment}) <= 200`),
  ],
);
