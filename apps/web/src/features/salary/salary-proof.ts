/**
 * The salary step-up proof this tab holds: the verifyToken of verify-phone (purpose salary), kept in
 * session storage until 15 minutes after it was earned (the server checks it too, bound to this
 * session). Screens subscribe, so a refused or expired proof brings the step-up screen back.
 */
import { useSyncExternalStore } from 'react';
import { getStore, removeStore, setStore } from '@/lib/storage';

const KEY = 'salary-proof';
/** 15 minutes, less a little for the clocks and the trip: the app asks again just before the server would. */
const PROOF_MS = 15 * 60 * 1000 - 30 * 1000;

interface Proof {
  token: string;
  expiresAt: number;
}

const listeners = new Set<() => void>();
const announce = () => listeners.forEach((listener) => listener());

export function keepSalaryProof(token: string, now = Date.now()): void {
  setStore<Proof>(KEY, { token, expiresAt: now + PROOF_MS }, 'session');
  announce();
}

export function dropSalaryProof(): void {
  removeStore(KEY);
  announce();
}

/** The proof while it is valid, else undefined. */
export function salaryProof(now = Date.now()): string | undefined {
  const proof = getStore<Proof>(KEY);
  return proof && proof.expiresAt > now ? proof.token : undefined;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // It expires on its own: look again every 15 seconds.
  const timer = window.setInterval(listener, 15_000);
  return () => {
    listeners.delete(listener);
    window.clearInterval(timer);
  };
}

export const useSalaryProof = (): string | undefined => useSyncExternalStore(subscribe, () => salaryProof());
