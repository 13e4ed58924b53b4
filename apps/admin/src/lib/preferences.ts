/**
 * A clerk's own view of the console, kept in this browser: table density (standard or compact) and
 * whether the side menu is folded. Read by the frame (app/layout.tsx) and antd's ConfigProvider.
 */
import { useSyncExternalStore } from 'react';
import { readStore, writeStore } from './storage';

export type Density = 'standard' | 'compact';
export interface Preferences {
  density: Density;
  menuFolded: boolean;
}

const NAME = 'preferences';
const DEFAULTS: Preferences = { density: 'standard', menuFolded: false };
const listeners = new Set<() => void>();
let current: Preferences = { ...DEFAULTS, ...(readStore<Partial<Preferences>>(NAME) ?? {}) };

export function setPreferences(change: Partial<Preferences>): void {
  current = { ...current, ...change };
  try {
    writeStore(NAME, current);
  } catch {
    // A browser that keeps nothing still changes the view for this visit.
  }
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

export const usePreferences = (): Preferences => useSyncExternalStore(subscribe, () => current);
