/**
 * Token life (spec §4, §9): every 10 s check the token's age; at 2000 s refresh it, one refresh
 * at a time. Requests made meanwhile wait for the refresh (api-client asks `waitForRefresh`).
 * A failed refresh logs out. Pure timing logic: the refresh call itself is injected.
 */
export const REFRESH_CHECK_INTERVAL_MS = 10_000;
export const REFRESH_AT_AGE_SECONDS = 2000;

export interface TokenRefresherDeps {
  /** When the current tokens were issued (ms), or undefined. */
  tokenIssuedAt(): number | undefined;
  hasRefreshToken(): boolean;
  hasAccessToken(): boolean;
  /** Calls the refresh_token grant and saves the new session. */
  refresh(): Promise<void>;
  /** Called once per failed refresh (the app logs out). */
  onFailure(error: unknown): void;
  now?: () => number;
}

export interface TokenRefresher {
  start(): void;
  stop(): void;
  /** Refreshes when the token is due (or the access cookie is gone); resolves when done. */
  check(): Promise<void>;
  /** Resolves once no refresh is running (at once when none is). Never rejects. */
  waitForRefresh(): Promise<void>;
  isRefreshing(): boolean;
}

export function createTokenRefresher(deps: TokenRefresherDeps): TokenRefresher {
  const now = deps.now ?? (() => Date.now());
  let inFlight: Promise<void> | null = null;
  let timer: ReturnType<typeof setInterval> | undefined;

  function isDue(): boolean {
    if (!deps.hasRefreshToken()) return false;
    const issuedAt = deps.tokenIssuedAt();
    // The cookie ends after 3200 s; with a refresh token left the session can still be renewed.
    if (!deps.hasAccessToken() || issuedAt === undefined) return true;
    return (now() - issuedAt) / 1000 >= REFRESH_AT_AGE_SECONDS;
  }

  function refreshOnce(): Promise<void> {
    inFlight ??= deps
      .refresh()
      .catch((error: unknown) => deps.onFailure(error))
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  }

  return {
    start() {
      if (timer !== undefined) return;
      timer = setInterval(() => void this.check(), REFRESH_CHECK_INTERVAL_MS);
    },
    stop() {
      if (timer !== undefined) clearInterval(timer);
      timer = undefined;
    },
    check() {
      if (inFlight) return inFlight;
      return isDue() ? refreshOnce() : Promise.resolve();
    },
    waitForRefresh() {
      return inFlight ?? Promise.resolve();
    },
    isRefreshing: () => inFlight !== null,
  };
}
