import { describe, expect, it } from 'vitest';
import { rootFontSize } from './rem';

describe('root font size (spec §1)', () => {
  it('is width / 320 × 15 px', () => {
    expect(rootFontSize(320)).toBe(15);
    expect(rootFontSize(375)).toBeCloseTo(17.578, 3);
    expect(rootFontSize(414)).toBeCloseTo(19.406, 3);
  });

  it('stops growing at the phone-sized column of a desktop window', () => {
    expect(rootFontSize(1920)).toBe(rootFontSize(540));
  });
});
