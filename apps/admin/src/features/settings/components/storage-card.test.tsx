import { describe, expect, it } from 'vitest';
import { formatBytes } from './storage-card';

describe('sizes shown to the office', () => {
  it('reads bytes in the unit that fits, one decimal below ten', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1000)).toBe('1000 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(25 * 1024 * 1024)).toBe('25 MB');
    expect(formatBytes(5 * 1024 ** 3)).toBe('5.0 GB');
  });
});
