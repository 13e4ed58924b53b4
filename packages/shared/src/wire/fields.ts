/**
 * The zod pieces every route's request schema takes its ids, counts, amounts and dates from, so each
 * rule is written once (the rules themselves live in packages/shared). A value out of its range is a
 * 400 "X is not valid", never a query that fails in the database.
 */
import { MAX_FEN } from '@cf/shared/money';
import { MAX_COUNT, MAX_ID, isCalendarDate, parseWholeNumber } from '@cf/shared/validation';
import { z } from 'zod';

const DIGITS = /^\d{1,16}$/;

/** A whole number min..max: a JSON integer, or its decimal digits as text (query strings, form bodies). */
function wholeNumber(min: number, max: number) {
  return z.union([z.int().min(min).max(max), z.string().regex(DIGITS)]).transform((value, ctx) => {
    const n = parseWholeNumber(value, max);
    if (n === null || n < min) {
      ctx.addIssue({ code: 'custom', message: 'common.fieldInvalid' });
      return z.NEVER;
    }
    return n;
  });
}

/** A row id: a PostgreSQL integer (serial) column, 1 .. 2^31 - 1. */
export const id = wholeNumber(1, MAX_ID);
export const idParam = z.object({ id });

/** A count (quantity, page number, a small status code): an integer column, min .. max. */
export const count = (min = 0, max = MAX_COUNT) => wholeNumber(min, max);

/** Integer fen (money on the wire is always fen): min .. 2^53 - 1; services check the business range. */
export const fen = (min = 0) => wholeNumber(min, MAX_FEN);

/**
 * A real calendar date, YYYY-MM-DD ("2024-02-30" and "0" are not), trimmed. `messageKey` names the
 * message a person reads when it is not one (a key of packages/shared/src/messages); `blank` lets ""
 * through for a service that answers its own "required" message.
 */
export const calendarDate = (messageKey = 'common.fieldInvalid', { blank = false } = {}) =>
  z
    .string()
    .trim()
    .max(32)
    .refine((text) => (blank && text === '') || isCalendarDate(text), { message: messageKey });

/**
 * NOT_PAY again after the last payment attempt failed, was cancelled or was closed at the channel
 * ("上次支付未成功"): payable again at once. False in every other state.
 */
export const lastPayFailedField = z
  .boolean()
  .describe('NOT_PAY again after its last payment attempt failed or was abandoned at the channel');
