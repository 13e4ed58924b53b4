import { describe, expect, it } from 'vitest';
import { absolutePayLink } from './create-pay-link';

describe('pay link address', () => {
  const here = { origin: 'https://pay.example.edu', pathname: '/m/' };

  it('is made absolute on this app’s own address', () => {
    expect(absolutePayLink('/#/pay?payAuthToken=t&orderNo=F1&tenantId=100001', here)).toBe(
      'https://pay.example.edu/m/#/pay?payAuthToken=t&orderNo=F1&tenantId=100001',
    );
  });

  it('is kept when the server already knows its public address', () => {
    const url = 'https://campus.example.edu/#/pay?payAuthToken=t&orderNo=F1';
    expect(absolutePayLink(url, here)).toBe(url);
  });
});
