import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, today } from './date-time';

describe('dates as the school reads them (China time)', () => {
  it('shows server times in China time, whatever the device zone', () => {
    expect(formatDateTime('2026-11-19T16:00:00.000Z')).toBe('2026-11-20 00:00');
    expect(formatDateTime('2026-11-22T02:56:05.000Z')).toBe('2026-11-22 10:56');
    expect(formatDate('2025-09-29T16:00:00.000Z')).toBe('2025-09-30');
  });

  it('shows nothing for no time', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDate('not a time')).toBe('');
  });

  it('knows today in China time', () => {
    expect(today(new Date('2026-11-22T17:30:00Z'))).toBe('2026-11-23');
  });
});
