import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { secondsUntil } from '@cf/shared/order-expiry';
import { formatClock, useSecondsLeft } from './use-seconds-left';

function Clock({ deadline }: { deadline: number }) {
  return <span data-testid="clock">{formatClock(useSecondsLeft(deadline))}</span>;
}

describe('time left to pay', () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date('2026-11-22T10:00:00Z') }));
  afterEach(() => vi.useRealTimers());

  it('formats as mm:ss, with hours when there are any', () => {
    expect(formatClock(1799)).toBe('29:59');
    expect(formatClock(65)).toBe('01:05');
    expect(formatClock(0)).toBe('00:00');
    expect(formatClock(-3)).toBe('00:00');
    expect(formatClock(3661)).toBe('1:01:01');
  });

  it('rounds a part second up and never goes below zero', () => {
    expect(secondsUntil(10_500, 10_000)).toBe(1);
    expect(secondsUntil(10_000, 12_000)).toBe(0);
  });

  it('counts down once a second to the deadline, then stays at zero', async () => {
    const deadline = Date.now() + 3000;
    render(<Clock deadline={deadline} />);
    const clock = screen.getByTestId('clock');
    expect(clock.textContent).toBe('00:03');
    await act(async () => vi.advanceTimersByTime(1000));
    expect(clock.textContent).toBe('00:02');
    await act(async () => vi.advanceTimersByTime(2000));
    expect(clock.textContent).toBe('00:00');
    // The timer stopped at the deadline.
    expect(vi.getTimerCount()).toBe(0);
  });

  it('starts again from a new deadline (the cashier fetched again)', async () => {
    const { rerender } = render(<Clock deadline={Date.now() + 2000} />);
    await act(async () => vi.advanceTimersByTime(2000));
    expect(screen.getByTestId('clock').textContent).toBe('00:00');
    rerender(<Clock deadline={Date.now() + 90_000} />);
    await act(async () => vi.advanceTimersByTime(1000));
    expect(screen.getByTestId('clock').textContent).toBe('01:29');
  });
});
