import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney } from './format';

describe('console formats', () => {
  it("writes an instant in the school's time zone", () => {
    expect(formatDateTime('2026-11-24T16:05:09.000Z')).toBe('2026-11-25 00:05');
    expect(formatDateTime('2026-01-02T03:04:00Z')).toBe('2026-01-02 11:04');
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
    expect(formatDate('2026-11-23T16:00:00.000Z')).toBe('2026-11-24');
  });

  it('writes fen as yuan', () => {
    expect(formatMoney(123450)).toBe('¥1,234.50');
    expect(formatMoney(1)).toBe('¥0.01');
  });
});
