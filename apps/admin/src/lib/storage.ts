/** The console's local storage entries, under their own prefix; a broken or absent entry reads as undefined. */
import { STORE_PREFIX } from './env';

export function readStore<T>(name: string): T | undefined {
  try {
    const raw = window.localStorage.getItem(STORE_PREFIX + name);
    return raw === null ? undefined : (JSON.parse(raw) as T);
  } catch {
    return undefined;
  }
}

/** The stored text itself (null when absent): cheap to compare. */
export function readRawStore(name: string): string | null {
  try {
    return window.localStorage.getItem(STORE_PREFIX + name);
  } catch {
    return null;
  }
}

export function writeStore(name: string, value: unknown): void {
  window.localStorage.setItem(STORE_PREFIX + name, JSON.stringify(value));
}

export function removeStore(name: string): void {
  window.localStorage.removeItem(STORE_PREFIX + name);
}
