/**
 * Wrong-password limits of the password grant. Nothing here locks an account: a stranger's
 * failures must never stop the owner, who signs in from another address with the right password.
 * - Per account and address: MAX_FAILURES_PER_ADDRESS wrong passwords in FAILURE_WINDOW_MINUTES
 *   refuse that address for that account until the window ends (even with the right password).
 * - Across addresses: each answer for the account waits longer the more failures it has had
 *   (SLOW_AFTER_FAILURES free, then SLOW_STEP_MS more each, at most SLOW_MAX_MS), and every guess
 *   needs a fresh captcha. The owner is slowed, never refused.
 * Counters are keyed by the name typed, not by the user found, so an unknown account behaves the same.
 */
import type { Db } from '@server/db/client';
import { clearCounter, hit, peek } from '@server/http/rate-limit';

export const MAX_FAILURES_PER_ADDRESS = 5;
export const FAILURE_WINDOW_MINUTES = 30;
export const SLOW_AFTER_FAILURES = 5;
export const SLOW_STEP_MS = 250;
export const SLOW_MAX_MS = 3000;

const WINDOW_SECONDS = FAILURE_WINDOW_MINUTES * 60;

export interface SignInAttempt {
  tenantId: string;
  username: string;
  ip: string;
}

const accountKey = (a: SignInAttempt) => `login:fail:${a.tenantId}:${a.username.toLowerCase()}`;
const addressKey = (a: SignInAttempt) => `${accountKey(a)}:${a.ip}`;

/** Minutes until this address may try this account again; 0 when it may now. */
export async function addressRefusedFor(db: Db, attempt: SignInAttempt): Promise<number> {
  const { count, resetsIn } = await peek(db, addressKey(attempt), WINDOW_SECONDS);
  return count >= MAX_FAILURES_PER_ADDRESS ? Math.max(1, Math.ceil(resetsIn / 60)) : 0;
}

/** The wait before answering an account that has had this many failures lately (any address). */
export function slowdownMs(failures: number): number {
  return Math.min(Math.max(0, failures - SLOW_AFTER_FAILURES) * SLOW_STEP_MS, SLOW_MAX_MS);
}

export async function slowDown(db: Db, attempt: SignInAttempt): Promise<void> {
  const { count } = await peek(db, accountKey(attempt), WINDOW_SECONDS);
  const ms = slowdownMs(count);
  if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
}

export async function recordFailure(db: Db, attempt: SignInAttempt): Promise<void> {
  await hit(db, addressKey(attempt), MAX_FAILURES_PER_ADDRESS, WINDOW_SECONDS);
  await hit(db, accountKey(attempt), SLOW_AFTER_FAILURES, WINDOW_SECONDS);
}

/** The owner signed in from here: this address starts afresh (the account-wide count ages out). */
export async function clearAddressFailures(db: Db, attempt: SignInAttempt): Promise<void> {
  await clearCounter(db, addressKey(attempt));
}
