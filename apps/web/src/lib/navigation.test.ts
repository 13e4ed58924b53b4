import { afterEach, describe, expect, it } from 'vitest';
import { currentQuery, liftLinkParams } from './navigation';

const at = (url: string) => window.history.replaceState(null, '', url);
const address = () => `${window.location.pathname}${window.location.search}${window.location.hash}`;

describe('links from other systems', () => {
  afterEach(() => at('/'));

  it('moves routeFlag from the real query into the hash query, where the guard drops it once used', () => {
    at('/?routeFlag=order#/home');
    liftLinkParams();
    expect(address()).toBe('/#/home?routeFlag=order');
    expect(currentQuery('').routeFlag).toBeUndefined();
  });

  it('moves authCode too, keeping other real parameters and the hash query', () => {
    at('/?authCode=abc&tenantId=100001#/order/index?tab=paid');
    liftLinkParams();
    expect(address()).toBe('/?tenantId=100001#/order/index?tab=paid&authCode=abc');
  });

  it('gives a link with no hash path the root path', () => {
    at('/?routeFlag=orderDetail:7');
    liftLinkParams();
    expect(address()).toBe('/#/?routeFlag=orderDetail%3A7');
  });

  it('leaves other addresses alone', () => {
    at('/?code=wx&state=s#/login');
    liftLinkParams();
    expect(address()).toBe('/?code=wx&state=s#/login');
  });
});
