/** Whole-page moves: after sign-in, binding or a phone change the page reloads (spec §4). */
import { matchRoute } from './routes';
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

/**
 * Where the app goes when a call is answered 401 (the token revoked or invalid), from the hash and
 * the real query of the address: a screen that needs a sign-in stays put (undefined), so the route
 * guard, seeing no token, asks for one and keeps that screen as the return address, as it does for
 * a link opened without a token (issue 24: an order's link with a revoked token lands on the order
 * after signing in). Any other screen (the sign-in page, a payment by link) goes home, as before.
 */
export function unauthorizedTarget(hash: string, realSearch = ''): '/home' | undefined {
  const [path = '', search = ''] = hash.replace(/^#/, '').split('?');
  const needsSignIn = matchRoute(path)?.auth ?? true;
  // A pay link may carry its token in the real query or the hash query (features/pay/pay-query.ts).
  const payByLink = [search, realSearch].some((query) => new URLSearchParams(query).has('payAuthToken'));
  return path.startsWith('/') && needsSignIn && !payByLink ? undefined : '/home';
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

/** Parameters other systems put in a link's real query that the app reads once, from the hash query. */
const LINK_PARAMS = ['routeFlag', 'authCode'];

/**
 * Moves routeFlag and authCode from the real query (`/?routeFlag=order#/home`, as links from other
 * systems carry them) into the hash query (`/#/home?routeFlag=order`), where the route guard reads
 * them and drops them once used. Left in the real query they would stay for every screen after.
 */
export function liftLinkParams(): void {
  const { pathname, search, hash } = window.location;
  const real = new URLSearchParams(search);
  const moving = LINK_PARAMS.filter((key) => real.has(key));
  if (moving.length === 0) return;
  const [hashPath = '', hashSearch = ''] = hash.replace(/^#/, '').split('?');
  const inHash = new URLSearchParams(hashSearch);
  for (const key of moving) {
    if (!inHash.has(key)) inHash.set(key, real.get(key)!);
    real.delete(key);
  }
  const rest = real.toString();
  const query = inHash.toString();
  const target = `${pathname}${rest ? `?${rest}` : ''}#${hashPath || '/'}${query ? `?${query}` : ''}`;
  window.history.replaceState(window.history.state, '', target);
}
