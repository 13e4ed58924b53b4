import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ORDER_EXPIRE_MINUTES,
  isOrderExpired,
  payDeadline,
  payLinkExpireAt,
  secondsLeftToPay,
  secondsUntil,
} from './order-expiry';

const at = (ms: number) => new Date(ms);

describe('the order-expiry rule', () => {
  it('keeps an order payable for 30 minutes unless configured, within 1 minute to a day', () => {
    expect(ORDER_EXPIRE_MINUTES).toEqual({ default: 30, min: 1, max: 1440 });
  });

  it('expires an order at its expireAt itself, not a moment later', () => {
    expect(isOrderExpired(at(10_000), 9_999)).toBe(false);
    expect(isOrderExpired(at(10_000), 10_000)).toBe(true);
    expect(isOrderExpired(at(10_000), 10_001)).toBe(true);
  });

  it('reports the whole seconds surely left, zero once expired', () => {
    expect(secondsLeftToPay(at(1_800_000), 0)).toBe(1800);
    expect(secondsLeftToPay(at(10_999), 10_000)).toBe(0);
    expect(secondsLeftToPay(at(11_000), 10_000)).toBe(1);
    expect(secondsLeftToPay(at(10_000), 12_000)).toBe(0);
  });

  it('ends a pay link with its order at the latest', () => {
    expect(payLinkExpireAt(at(3_600_000), 1800, 0)).toEqual(at(1_800_000));
    expect(payLinkExpireAt(at(600_000), 1800, 0)).toEqual(at(600_000));
  });

  it('for any order and moment, a countdown from the reported seconds shows zero no later than the order expires', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 40 }),
        fc.integer({ min: -86_400_000, max: 86_400_000 }),
        fc.integer({ min: 0, max: 86_400_000 }),
        (now, untilExpiry, later) => {
          const expireAt = at(now + untilExpiry);
          const left = secondsLeftToPay(expireAt, now);
          // Zero exactly when the order is expired or has under a second left.
          expect(left === 0).toBe(isOrderExpired(expireAt, now + 999));
          // The device counts down from the reply; when it still shows time, the order is still payable.
          const deadline = payDeadline(now, left);
          const shown = secondsUntil(deadline, now + later);
          if (shown > 0) expect(isOrderExpired(expireAt, now + later)).toBe(false);
          expect(shown).toBeLessThanOrEqual(left);
        },
      ),
    );
  });
});
