/**
 * Which shell popup is open (spec §2): login and rebinding (80% height), phone change (60%).
 * A tiny store so any screen can open one and the shell renders it.
 */
import { useSyncExternalStore } from 'react';

export type ShellPopup = 'login' | 'rebinding' | 'phone';

let open: ShellPopup | null = null;
const listeners = new Set<() => void>();

function set(next: ShellPopup | null): void {
  open = next;
  listeners.forEach((listener) => listener());
}

export const openPopup = (name: ShellPopup): void => set(name);
export const closePopup = (): void => set(null);
export const openPopupName = (): ShellPopup | null => open;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const useOpenPopup = (): ShellPopup | null =>
  useSyncExternalStore(subscribe, openPopupName, openPopupName);
