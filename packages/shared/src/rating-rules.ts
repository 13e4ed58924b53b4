/** Ratings (spec §3): whole scores 0–5, 0 meaning "no rating yet"; a comment of at most 200 characters. */
export const RATING_SCORES = [5, 4, 3, 2, 1, 0] as const;
export type RatingScore = (typeof RATING_SCORES)[number];
export const RATING_COMMENT_MAX = 200;
