import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTokenRefresher, REFRESH_AT_AGE_SECONDS, REFRESH_CHECK_INTERVAL_MS } from './token-refresh';

describe('token refresh timing (spec §4, §9)', () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => vi.useRealTimers());

  function setup(overrides: Partial<Parameters<typeof createTokenRefresher>[0]> = {}) {
    let issuedAt = 0;
    const refresh = vi.fn(async () => {
      issuedAt = Date.now();
    });
    const onFailure = vi.fn();
    const refresher = createTokenRefresher({
      tokenIssuedAt: () => issuedAt,
      hasRefreshToken: () => true,
      hasAccessToken: () => true,
      refresh,
      onFailure,
      ...overrides,
    });
    return { refresher, refresh, onFailure };
  }

  it('checks every 10 s and refreshes once the token is 2000 s old', async () => {
    const { refresher, refresh } = setup();
    refresher.start();
    expect(REFRESH_CHECK_INTERVAL_MS).toBe(10_000);
    expect(REFRESH_AT_AGE_SECONDS).toBe(2000);
    await vi.advanceTimersByTimeAsync(1990_000);
    expect(refresh).not.toHaveBeenCalled();
    // The check at 2000 s is the first to see the token that old.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(refresh).toHaveBeenCalledTimes(1);
    // The renewed token is young again: no refresh for the next 2000 s.
    await vi.advanceTimersByTimeAsync(1990_000);
    expect(refresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(refresh).toHaveBeenCalledTimes(2);
    refresher.stop();
  });

  it('runs one refresh at a time and lets requests wait for it', async () => {
    let finish!: () => void;
    const refresh = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { refresher } = setup({ refresh, tokenIssuedAt: () => -REFRESH_AT_AGE_SECONDS * 1000 });
    const first = refresher.check();
    const second = refresher.check();
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(refresher.isRefreshing()).toBe(true);
    let waited = false;
    const request = refresher.waitForRefresh().then(() => (waited = true));
    await Promise.resolve();
    expect(waited).toBe(false);
    finish();
    await Promise.all([first, second, request]);
    expect(waited).toBe(true);
    expect(refresher.isRefreshing()).toBe(false);
  });

  it('a failed refresh logs out once and releases waiting requests', async () => {
    const error = new Error('refresh refused');
    const { refresher, onFailure } = setup({
      refresh: vi.fn(async () => Promise.reject(error)),
      tokenIssuedAt: () => -REFRESH_AT_AGE_SECONDS * 1000,
    });
    await refresher.check();
    await refresher.waitForRefresh();
    expect(onFailure).toHaveBeenCalledTimes(1);
    expect(onFailure).toHaveBeenCalledWith(error);
  });

  it('renews at once when the access cookie has lapsed but a refresh token remains', async () => {
    const { refresher, refresh } = setup({ hasAccessToken: () => false });
    await refresher.check();
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('does nothing without a refresh token', async () => {
    const { refresher, refresh } = setup({ hasRefreshToken: () => false, hasAccessToken: () => false });
    await refresher.check();
    expect(refresh).not.toHaveBeenCalled();
  });
});
