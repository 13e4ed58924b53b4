/**
 * The order-expiry rule: an unpaid order can be paid for ORDER_EXPIRE_MINUTES (30 by default) after
 * it was created — the server stamps its expireAt in the database then (modules/order/order-repo.ts,
 * one clock with createdAt) — and not from that instant on: the cashier and prepay refuse it, the
 * expiry job closes it, and the cashier's countdown shows zero. The one place of the rule for the
 * server (config.ts, cashier, prepay, pay links, jobs/expire-orders.ts) and the web (the countdown).
 */

/** ORDER_EXPIRE_MINUTES: how long an unpaid order stays payable, and its bounds. */
export const ORDER_EXPIRE_MINUTES = { default: 30, min: 1, max: 1440 } as const;

/** Expired from expireAt on: that instant itself no longer takes a payment. */
export const isOrderExpired = (expireAt: Date, now = Date.now()): boolean => expireAt.getTime() <= now;

/**
 * Seconds the order surely has left to be paid, a part second rounded down (0 once expired): what the
 * server reports, so a countdown built on it reaches zero no later than the order expires.
 */
export const secondsLeftToPay = (expireAt: Date, now = Date.now()): number =>
  Math.max(0, Math.floor((expireAt.getTime() - now) / 1000));

/** The countdown's deadline on this device: the reported seconds left, counted from when they came. */
export const payDeadline = (receivedAt: number, secondsLeft: number): number =>
  receivedAt + secondsLeft * 1000;

/** What the countdown shows at `now`: seconds until `deadline` (ms), a part second rounded up, never below 0. */
export const secondsUntil = (deadline: number, now: number): number =>
  Math.max(0, Math.ceil((deadline - now) / 1000));

/** A pay link lasts its time to live, and ends with its order at the latest. */
export const payLinkExpireAt = (orderExpireAt: Date, ttlSeconds: number, now = Date.now()): Date =>
  new Date(Math.min(now + ttlSeconds * 1000, orderExpireAt.getTime()));
