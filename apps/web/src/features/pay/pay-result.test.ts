import { describe, expect, it } from 'vitest';
import { isFinalResult, nextPollDelay, POLL_INTERVAL_MS, POLL_LIMIT_MS } from './pay-result';

describe('result page polling', () => {
  it('only "processing" can still change by itself', () => {
    expect(isFinalResult('processing')).toBe(false);
    for (const result of ['paid', 'failed', 'unpaid', 'closed', 'refunded'] as const)
      expect(isFinalResult(result), result).toBe(true);
  });

  it('polls while nothing is known or the payment is processing', () => {
    expect(nextPollDelay(undefined, 0, 1000)).toBe(POLL_INTERVAL_MS);
    expect(nextPollDelay('processing', 0, 1000)).toBe(POLL_INTERVAL_MS);
  });

  it('stops at a final result', () => {
    expect(nextPollDelay('paid', 0, 1000)).toBe(false);
    expect(nextPollDelay('failed', 0, 1000)).toBe(false);
    expect(nextPollDelay('closed', 0, 1000)).toBe(false);
  });

  it('stops after the time limit even while processing', () => {
    expect(nextPollDelay('processing', 0, POLL_LIMIT_MS - 1)).toBe(POLL_INTERVAL_MS);
    expect(nextPollDelay('processing', 0, POLL_LIMIT_MS)).toBe(false);
  });
});
