/**
 * The verified-claims cache: a token's signature is checked once while it lasts; an expired token,
 * a token that failed and a changed token are verified anew; the oldest go first past the limit.
 * And a salary proof read from the cache still expires (modules/user/verify-token.ts).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '@server/config';
import { readVerifyToken, signVerifyToken } from '../user/verify-token';
import { verifiedJwtCache } from './verified-jwt';

const inSeconds = (s: number) => Math.floor(Date.now() / 1000) + s;

describe('verifiedJwtCache', () => {
  afterEach(() => vi.useRealTimers());

  it('verifies a token once while it lasts, and again once it has expired', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-29T08:00:00Z') });
    const cache = verifiedJwtCache();
    const verify = vi.fn(async () => ({ sub: '7', exp: inSeconds(60) }));
    expect(await cache('a.b.c', verify)).toEqual({ sub: '7', exp: inSeconds(60) });
    expect((await cache('a.b.c', verify)).sub).toBe('7');
    expect(verify).toHaveBeenCalledTimes(1);
    // Another token (one byte changed) is its own entry.
    await cache('a.b.d', verify);
    expect(verify).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(60_000);
    verify.mockRejectedValueOnce(new Error('"exp" claim timestamp check failed'));
    await expect(cache('a.b.c', verify)).rejects.toThrow('exp');
    expect(verify).toHaveBeenCalledTimes(3);
  });

  it('keeps nothing of a token that failed', async () => {
    const cache = verifiedJwtCache();
    const verify = vi.fn(async () => {
      throw new Error('signature verification failed');
    });
    await expect(cache('x.y.z', verify)).rejects.toThrow('signature');
    await expect(cache('x.y.z', verify)).rejects.toThrow('signature');
    expect(verify).toHaveBeenCalledTimes(2);
  });

  it('holds at most its limit, the oldest going first', async () => {
    const cache = verifiedJwtCache(2);
    const verify = vi.fn(async (t: string) => ({ sub: t, exp: inSeconds(600) }));
    await cache('t1', verify);
    await cache('t2', verify);
    await cache('t3', verify);
    expect(verify).toHaveBeenCalledTimes(3);
    await cache('t3', verify);
    await cache('t2', verify);
    expect(verify).toHaveBeenCalledTimes(3);
    await cache('t1', verify);
    expect(verify).toHaveBeenCalledTimes(4);
  });
});

describe('a salary proof read through the cache', () => {
  afterEach(() => vi.useRealTimers());

  it('is refused once its 15 minutes are over, though it was read a moment before', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-29T08:00:00Z') });
    const config = loadConfig({ APP_MODE: 'demo', JWT_SECRET: 'k'.repeat(64), DATABASE_URL: '' });
    const proof = {
      tenantId: '100001',
      userId: 5,
      phone: '13800000005',
      purpose: 'salary',
      method: 'sms',
      sessionId: 's-1',
    } as const;
    const token = await signVerifyToken(config, proof);
    expect(await readVerifyToken(config, token)).toMatchObject({ userId: 5, purpose: 'salary' });
    vi.advanceTimersByTime(14 * 60_000);
    expect(await readVerifyToken(config, token)).toMatchObject({ userId: 5 });
    vi.advanceTimersByTime(61_000);
    expect(await readVerifyToken(config, token)).toBeNull();
    // Verified (and kept) under one key, the same token is still refused under another.
    const other = loadConfig({ APP_MODE: 'demo', JWT_SECRET: 'o'.repeat(64), DATABASE_URL: '' });
    const fresh = await signVerifyToken(other, { ...proof, phone: '', method: 'password' });
    expect(await readVerifyToken(other, fresh)).toMatchObject({ userId: 5 });
    expect(await readVerifyToken(config, fresh)).toBeNull();
  });
});
