/** Whole-page moves: after sign-in, binding or a phone change the page reloads (spec §4). */
import { getStore, removeStore, setStore } from './storage';

const RETURN_URL = 'return-url';

/** Keeps where a visitor was going before sign-in (the session storage area). */
export function keepReturnAddress(path: string): void {
  setStore(RETURN_URL, path, 'session');
}

/** The kept return address (or /home), forgotten once taken. */
export function takeReturnAddress(): string {
  const path = getStore<string>(RETURN_URL);
  removeStore(RETURN_URL);
  return path && path.startsWith('/') && !path.startsWith('/login') ? path : '/home';
}

/** Reloads the app at an in-app path, dropping any real query (e.g. a used WeChat code). */
export function reloadAt(path: string): void {
  const target = `${window.location.pathname}#${path}`;
  if (window.location.search) {
    window.location.replace(target);
    return;
  }
  window.location.hash = `#${path}`;
  window.location.reload();
}

/** Query parameters of the real query string and of the hash path, the hash ones winning. */
export function currentQuery(hashSearch: string): Record<string, string> {
  const merged: Record<string, string> = {};
  new URLSearchParams(window.location.search).forEach((value, key) => (merged[key] = value));
  new URLSearchParams(hashSearch).forEach((value, key) => (merged[key] = value));
  return merged;
}
