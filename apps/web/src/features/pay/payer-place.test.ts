import { describe, expect, it } from 'vitest';
import { payerPlaceHere } from './payer-place';

/** A window as far as payerPlaceHere looks at it. */
const win = (userAgent: string, width: number, coarse: boolean) =>
  ({
    navigator: { userAgent },
    innerWidth: width,
    matchMedia: (query: string) => ({ matches: query === '(pointer: coarse)' && coarse }),
  }) as unknown as Window;

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36';
const WECHAT = 'Mozilla/5.0 (iPhone) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0.47';

describe('payerPlaceHere', () => {
  it("is WeChat inside WeChat's browser, whatever its size", () => {
    expect(payerPlaceHere(win(WECHAT, 1280, false))).toBe('wechat');
  });

  it('is a desktop for a wide window with a fine pointer, else a phone', () => {
    expect(payerPlaceHere(win(CHROME, 1280, false))).toBe('desktop');
    expect(payerPlaceHere(win(CHROME, 1280, true))).toBe('phone');
    expect(payerPlaceHere(win(CHROME, 414, false))).toBe('phone');
  });
});
