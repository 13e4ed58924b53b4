import { describe, expect, it } from 'vitest';
import { lastSegment } from './use-route-id';

describe('route id', () => {
  it('is the last segment of the path, decoded', () => {
    expect(lastSegment('/order/detail/12')).toBe('12');
    expect(lastSegment('/fee/other/receivable/product/7/')).toBe('7');
    expect(lastSegment('/x/a%20b')).toBe('a b');
    expect(lastSegment('/x/%E0%A4%A')).toBe('%E0%A4%A');
  });
});
