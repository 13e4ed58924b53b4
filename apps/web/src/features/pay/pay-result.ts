/**
 * The result page polls GET pay/status until the result is final. Only 'processing' (PAYING at the
 * channel) can still change by itself; every other result is shown as it is. Polling also stops
 * after a while, when the page offers to look again.
 */
import type { PayStatusReply } from '@cf/shared/wire/pay';

/** unpaid | processing | failed | paid | refunded | closed (the wire contract's status reply). */
export type PayResult = PayStatusReply['result'];

export const POLL_INTERVAL_MS = 2000;
export const POLL_LIMIT_MS = 3 * 60_000;

export const isFinalResult = (result: PayResult): boolean => result !== 'processing';

/** The delay before the next poll, or false to stop (for TanStack Query's refetchInterval). */
export function nextPollDelay(
  result: PayResult | undefined,
  pollingSince: number,
  now: number,
): number | false {
  if (result !== undefined && isFinalResult(result)) return false;
  if (now - pollingSince >= POLL_LIMIT_MS) return false;
  return POLL_INTERVAL_MS;
}
