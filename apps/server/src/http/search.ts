/**
 * Pieces the finance office's searches share: a LIKE pattern from typed text (its % and _ taken
 * literally) and the instants that bound a school day. The school's time zone (Asia/Shanghai, the
 * shared SCHOOL_TIME_ZONE) has kept UTC+8 without daylight saving since 1991, so a day is fixed hours.
 */
import { calendarDateIn } from '@cf/shared/validation';
import { sql, type SQL } from 'drizzle-orm';
import { badRequest } from './errors';

/** `%text%` (or `text%` with prefix) with the LIKE wildcards of the text escaped. */
export function likePattern(text: string, prefix = false): string {
  const escaped = text.replace(/[\\%_]/g, (c) => `\\${c}`);
  return prefix ? `${escaped}%` : `%${escaped}%`;
}

const SCHOOL_OFFSET = '+08:00';

/** The instant a school day (YYYY-MM-DD) begins. */
export const dayStart = (date: string): Date => new Date(`${date}T00:00:00${SCHOOL_OFFSET}`);

/** The instant after a school day ends (the next day's start). */
export const dayEnd = (date: string): Date => new Date(dayStart(date).getTime() + 86_400_000);

/** Today's and this month's first instants in the school's time zone. */
export function todayAndMonthStart(now = new Date()): { today: Date; month: Date } {
  const date = calendarDateIn(now);
  return { today: dayStart(date), month: dayStart(`${date.slice(0, 7)}-01`) };
}

/** A from..to range of school days as instants [start, end); 400 when from is after to. */
export function dayRange(from?: string, to?: string): { start?: Date; end?: Date } {
  if (from && to && from > to) throw badRequest('admin.dateRangeInvalid');
  return { start: from ? dayStart(from) : undefined, end: to ? dayEnd(to) : undefined };
}

/**
 * `column ILIKE %text%` that an index can serve for a name part of any length from two characters:
 * the GIN trigram index of `cf_char_pairs(column)` (each character doubled, so two characters of a
 * Chinese name make a trigram; migration 0022) narrows the rows, the ILIKE decides. Doubling keeps
 * every match (a wildcard in the text only widens the narrowing), so the result is the ILIKE's.
 */
export function nameLike(column: SQL, text: string): SQL {
  return sql`(cf_char_pairs(${column}) LIKE '%' || cf_char_pairs(${text}) || '%' AND ${column} ILIKE ${likePattern(text)})`;
}
