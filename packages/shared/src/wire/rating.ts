/**
 * The wire contract of /api/blade-finance/rating/* and the finance office's averages: a score 0–5
 * (spec §3 names; 0 is "no rating yet") and an optional comment of at most 200 characters.
 */
import { z } from 'zod';
import { RATING_COMMENT_MAX } from '@cf/shared/rating-rules';
import { pageQuery } from './envelope';
import { calendarDate } from './fields';

/** A whole number 0..5 (2.5, -1 and 6 are refused with the rating's own message). */
export const ratingScore = z
  .number({ message: 'rating.scoreInvalid' })
  .int({ message: 'rating.scoreInvalid' })
  .min(0, { message: 'rating.scoreInvalid' })
  .max(5, { message: 'rating.scoreInvalid' });

export const submitRatingBody = z.object({
  score: ratingScore,
  comment: z
    .string()
    .trim()
    .max(RATING_COMMENT_MAX, { message: 'rating.commentTooLong' })
    .optional()
    .default(''),
});
export type SubmitRatingBody = z.infer<typeof submitRatingBody>;
export type SubmitRatingRequest = z.input<typeof submitRatingBody>;

export const ratingSchema = z.object({
  score: z.number(),
  /** The score's name in the caller's language (spec §3). */
  scoreName: z.string(),
  comment: z.string(),
  createdAt: z.string(),
});

export const orderRatingSchema = z.object({
  orderId: z.number(),
  rating: ratingSchema.nullable(),
  /** The caller may rate now: the order's creator, paid, not rated yet. */
  canRate: z.boolean(),
});
export type OrderRating = z.infer<typeof orderRatingSchema>;

/** The finance office's view: the average score per item of rated orders (0 "no rating yet" left out). */
export const ratingAverageSchema = z.object({
  name: z.string(),
  nameEn: z.string(),
  feeItemId: z.number().nullable(),
  /** Ratings with a score of 1–5. */
  ratings: z.number(),
  /** Average of those, two decimals; null when none. */
  average: z.number().nullable(),
});
export const ratingAveragesSchema = z.object({ items: z.array(ratingAverageSchema) });
export type RatingAverages = z.infer<typeof ratingAveragesSchema>;

/** The finance office's search of ratings: part of an item's name, a score, days, with a comment only. */
export const ratingFilters = z.object({
  item: z.string().trim().max(64).optional().describe('part of an item name (Chinese or English)'),
  score: z
    .enum(['0', '1', '2', '3', '4', '5'])
    .optional()
    .transform((v) => (v === undefined ? undefined : Number(v)))
    .describe('0 (no rating yet) to 5'),
  commented: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true')
    .describe('only ratings with a comment'),
  from: calendarDate().optional(),
  to: calendarDate().optional(),
});
export type RatingFilters = z.infer<typeof ratingFilters>;
export type RatingSearch = z.input<typeof ratingFilters>;
export const ratingListQuery = pageQuery.extend(ratingFilters.shape);

/** One rating as the finance office reads it: which order and items, the score and what the payer wrote. */
export const ratingEntrySchema = z.object({
  id: z.number(),
  orderId: z.number(),
  orderNo: z.string(),
  items: z.string(),
  itemsEn: z.string(),
  score: z.number(),
  scoreName: z.string(),
  comment: z.string(),
  createdAt: z.string(),
});
export type RatingEntry = z.infer<typeof ratingEntrySchema>;
