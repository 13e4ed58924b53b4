import { describe, expect, it } from 'vitest';
import { payerPlace } from './pay-offers';

const WECHAT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0.47';
const SAFARI_PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const CHROME_DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36';

describe('payerPlace', () => {
  it("believes WeChat's browser by its User-Agent only, whatever the page says", () => {
    expect(payerPlace(WECHAT, 'desktop')).toBe('wechat');
    expect(payerPlace(WECHAT, undefined)).toBe('wechat');
    expect(payerPlace(SAFARI_PHONE, 'wechat')).toBe('phone');
    expect(payerPlace(CHROME_DESKTOP, 'wechat')).toBe('desktop');
  });

  it("takes the page's word for phone or desktop (it sees its screen), else the User-Agent's", () => {
    expect(payerPlace(CHROME_DESKTOP, 'phone')).toBe('phone');
    expect(payerPlace(SAFARI_PHONE, 'desktop')).toBe('desktop');
    expect(payerPlace(SAFARI_PHONE, undefined)).toBe('phone');
    expect(payerPlace(CHROME_DESKTOP, undefined)).toBe('desktop');
    expect(payerPlace(undefined, undefined)).toBe('desktop');
  });
});
