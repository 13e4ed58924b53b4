/**
 * Site-key prefixed storage entries `{dataType, content, type, datetime}` (spec §3), kept in
 * session or local storage. Reads look in session storage first, then local storage.
 */
import { SITE_KEY } from './env';

export type StoreType = 'session' | 'local';

export interface StoreEntry<T = unknown> {
  dataType: string;
  content: T;
  type: StoreType;
  /** When the entry was written, in ms since the epoch. */
  datetime: number;
}

export const storeKey = (name: string): string => `${SITE_KEY}-${name}`;

function area(type: StoreType): Storage {
  return type === 'session' ? window.sessionStorage : window.localStorage;
}

export function setStore<T>(name: string, content: T, type: StoreType = 'local', now = Date.now()): void {
  const entry: StoreEntry<T> = { dataType: typeof content, content, type, datetime: now };
  // One name lives in one area only, so a read never finds a stale twin.
  area(type === 'session' ? 'local' : 'session').removeItem(storeKey(name));
  area(type).setItem(storeKey(name), JSON.stringify(entry));
}

export function getStoreEntry<T>(name: string): StoreEntry<T> | undefined {
  for (const type of ['session', 'local'] as const) {
    const raw = area(type).getItem(storeKey(name));
    if (raw === null) continue;
    try {
      const entry = JSON.parse(raw) as StoreEntry<T>;
      if (entry && typeof entry === 'object' && 'content' in entry) return entry;
    } catch {
      // Written by something else: treat as absent rather than crash the app.
    }
  }
  return undefined;
}

export function getStore<T>(name: string): T | undefined {
  return getStoreEntry<T>(name)?.content;
}

export function removeStore(name: string): void {
  area('session').removeItem(storeKey(name));
  area('local').removeItem(storeKey(name));
}

/** Removes this site's entries (only those with the site-key prefix) from one area or both. */
export function clearStore(type?: StoreType): void {
  const areas: StoreType[] = type ? [type] : ['session', 'local'];
  for (const t of areas) {
    const storage = area(t);
    const ours: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key?.startsWith(`${SITE_KEY}-`)) ours.push(key);
    }
    ours.forEach((key) => storage.removeItem(key));
  }
}
