/**
 * The code sent and not yet used (issue 24): its verify id and what it was sent for, kept in the
 * session storage area so a reload between sending and typing it (WeChat reloads the page while
 * the person reads the SMS) does not lose it. Forgotten once used or when sent for something else.
 */
import { getStore, removeStore, setStore } from './storage';

export interface PendingCode<T = undefined> {
  /** The verify id the send call answered. */
  id: string;
  /** What the code was sent for (a phone, a step-up purpose): the id serves only that. */
  to: string;
  /** Whatever the screen showed about the code (e.g. where it went). */
  detail?: T;
}

const storeName = (flow: string) => `pending-code-${flow}`;

export function keepPendingCode<T>(flow: string, code: PendingCode<T>): void {
  setStore(storeName(flow), code, 'session');
}

/** The kept code of `flow`, when it was sent for `to`. */
export function pendingCode<T = undefined>(flow: string, to?: string): PendingCode<T> | undefined {
  const code = getStore<PendingCode<T>>(storeName(flow));
  if (!code || typeof code.id !== 'string' || !code.id) return undefined;
  return to === undefined || code.to === to ? code : undefined;
}

export function dropPendingCode(flow: string): void {
  removeStore(storeName(flow));
}

/**
 * What to say before sending a code: none typed asks for it; one typed without the id of a code
 * sent (lost in a reload, or sent for something else) has expired. Never "enter the code" when
 * one is on the screen.
 */
export function codeProblem(
  verifyCode: string | undefined,
  verifyId: string | undefined,
): 'validate.verifyCodeRequired' | 'validate.verifyCodeExpired' | null {
  if (!verifyCode?.trim()) return 'validate.verifyCodeRequired';
  if (!verifyId?.trim()) return 'validate.verifyCodeExpired';
  return null;
}
