import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCountdown, SMS_RESEND_SECONDS } from './countdown';

describe('send-code countdown (spec §4, §9)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('counts 60 s down, one tick a second, then is done', () => {
    const ticks: number[] = [];
    const done = vi.fn();
    const countdown = createCountdown((left) => ticks.push(left), done);
    countdown.start();
    expect(SMS_RESEND_SECONDS).toBe(60);
    expect(ticks).toEqual([60]);
    vi.advanceTimersByTime(1000);
    expect(ticks).toEqual([60, 59]);
    vi.advanceTimersByTime(58_000);
    expect(ticks.at(-1)).toBe(1);
    expect(done).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(done).toHaveBeenCalledTimes(1);
    expect(countdown.remaining()).toBe(0);
    vi.advanceTimersByTime(5000);
    expect(ticks).toHaveLength(60);
  });

  it('stops when asked', () => {
    const onTick = vi.fn();
    const countdown = createCountdown(onTick, vi.fn());
    countdown.start(5);
    countdown.stop();
    vi.advanceTimersByTime(10_000);
    expect(onTick).toHaveBeenCalledTimes(1);
  });
});
