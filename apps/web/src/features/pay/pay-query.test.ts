import { describe, expect, it } from 'vitest';
import { payPagePath, readPayQuery, returnUrlOf } from './pay-query';

// The server's rule for prepay's returnUrl: a path of this site.
const SITE_PATH = /^\/(?!\/)[^\s]*$/;

describe('payment page address', () => {
  it('reads the order, its id, the view and a pay link token', () => {
    expect(readPayQuery({ orderNo: 'F1', orderId: '7', view: 'result', payAuthToken: 'tok' })).toEqual({
      orderNo: 'F1',
      orderId: 7,
      payAuthToken: 'tok',
      view: 'result',
    });
    expect(readPayQuery({ orderNo: ' F1 ', orderId: 'x' })).toEqual({
      orderNo: 'F1',
      orderId: undefined,
      payAuthToken: undefined,
      view: 'cashier',
    });
  });

  it('keeps the pay link token when moving between cashier and result', () => {
    const pay = readPayQuery({ orderNo: 'F1', payAuthToken: 'a.b-c_d' });
    expect(payPagePath(pay, 'result')).toBe('/pay?orderNo=F1&view=result&payAuthToken=a.b-c_d');
    expect(payPagePath(pay, 'cashier')).toBe('/pay?orderNo=F1&payAuthToken=a.b-c_d');
  });

  it('sends the sandbox checkout back to the result view, as a path of this site', () => {
    const url = returnUrlOf(readPayQuery({ orderNo: 'F1', orderId: '7' }), '/');
    expect(url).toBe('/#/pay?orderNo=F1&orderId=7&view=result');
    expect(url).toMatch(SITE_PATH);
    expect(returnUrlOf(readPayQuery({ orderNo: 'F1' }), '/app/')).toBe('/app/#/pay?orderNo=F1&view=result');
  });
});
