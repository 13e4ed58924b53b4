/**
 * The cashier's "time left to pay": counts down once a second to a deadline taken from the server's
 * secondsLeft when the cashier was fetched (so a wrong device clock does not matter). The rule itself
 * (deadline, rounding, zero once expired) is the shared order-expiry rule.
 */
import { secondsUntil } from '@cf/shared/order-expiry';
import { useEffect, useState } from 'react';

/** 'mm:ss', or 'h:mm:ss' from an hour up. */
export function formatClock(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const two = (n: number) => String(n).padStart(2, '0');
  const hours = Math.floor(s / 3600);
  const rest = `${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`;
  return hours > 0 ? `${hours}:${rest}` : rest;
}

/** Seconds left until `deadline` (ms since the epoch), ticking each second until it reaches 0. */
export function useSecondsLeft(deadline: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const tick = () => {
      const at = Date.now();
      setNow(at);
      if (at >= deadline) clearInterval(timer);
    };
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [deadline]);
  return secondsUntil(deadline, now);
}
