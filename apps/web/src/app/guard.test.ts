import { describe, expect, it } from 'vitest';
import { guard, routeFlagTarget, type GuardInput } from './guard';

const bound = { tenantId: '100001', userId: '42' };
const input = (over: Partial<GuardInput> = {}): GuardInput => ({
  path: '/home',
  query: {},
  hasToken: true,
  user: bound,
  wechat: { source: null },
  ...over,
});

describe('route guard (spec §2, in order)', () => {
  it('lets a bound, signed-in user through', () => {
    expect(guard(input())).toEqual({ action: 'next', rule: 'pass' });
  });

  it('1. token plus authCode: clears the token, uses the code up and goes where the link pointed', () => {
    expect(guard(input({ path: '/', query: { authCode: 'x' } }))).toEqual({
      action: 'clearTokenAndRedirect',
      rule: 'authCode',
      to: '/',
    });
    expect(guard(input({ path: '/order/detail/7', query: { authCode: 'x', tab: 'paid' } }))).toEqual({
      action: 'clearTokenAndRedirect',
      rule: 'authCode',
      to: '/order/detail/7?tab=paid',
    });
    // Without a token the authCode is left alone.
    expect(guard(input({ hasToken: false, user: undefined, query: { authCode: 'x' } })).rule).toBe('login');
    // ...but never kept in the return address: brought back after sign-in it would clear the new token.
    expect(
      guard(
        input({
          path: '/order/index',
          hasToken: false,
          user: undefined,
          query: { authCode: 'x', tab: 'paid' },
        }),
      ),
    ).toEqual({ action: 'login', rule: 'login', returnTo: '/order/index?tab=paid' });
  });

  it('1 comes before 2', () => {
    expect(guard(input({ query: { authCode: 'x', payAuthToken: 'p' } })).rule).toBe('authCode');
  });

  it('2. payAuthToken off /pay goes to /pay with the query kept', () => {
    expect(guard(input({ path: '/home', query: { payAuthToken: 'p1' } }))).toEqual({
      action: 'redirect',
      rule: 'payAuthToken',
      to: '/pay?payAuthToken=p1',
    });
    expect(guard(input({ path: '/pay', query: { payAuthToken: 'p1' } })).rule).toBe('pass');
  });

  it('2. the payment page with a payAuthToken needs no sign-in', () => {
    const decision = guard(
      input({ path: '/pay', hasToken: false, user: undefined, query: { payAuthToken: 'p' } }),
    );
    expect(decision).toEqual({ action: 'next', rule: 'pass' });
  });

  it('3. a tenantId other than the user tenant clears the session and reloads', () => {
    expect(guard(input({ query: { tenantId: '100002' } }))).toEqual({
      action: 'clearSessionAndReload',
      rule: 'tenantMismatch',
      tenantId: '100002',
    });
    expect(guard(input({ query: { tenantId: '100001' } })).rule).toBe('pass');
    // No session, nothing to clear: the visitor goes on to sign in.
    expect(guard(input({ hasToken: false, user: undefined, query: { tenantId: '100002' } })).rule).toBe(
      'login',
    );
  });

  it('3 comes before 4', () => {
    expect(guard(input({ query: { tenantId: '100002', routeFlag: 'order' } })).rule).toBe('tenantMismatch');
  });

  it('4. routeFlag by name, and by name:id, drops the flag and keeps the rest', () => {
    expect(guard(input({ query: { routeFlag: 'order' } }))).toEqual({
      action: 'redirect',
      rule: 'routeFlag',
      to: '/order/index',
    });
    expect(guard(input({ query: { routeFlag: 'orderDetail:O-9', lang: 'en' } }))).toEqual({
      action: 'redirect',
      rule: 'routeFlag',
      to: '/order/detail/O-9?lang=en',
    });
  });

  it('4. routeFlag through the flow dictionary (code_dictKey -> route name)', () => {
    const flowRoutes = { flow_fee: 'fee', flow_notice: 'noticeList' };
    expect(guard(input({ query: { routeFlag: 'flow_notice' } }))).toEqual({
      action: 'wait',
      rule: 'routeFlag',
      need: 'flowRoutes',
    });
    expect(guard(input({ query: { routeFlag: 'flow_notice' }, flowRoutes }))).toMatchObject({
      action: 'redirect',
      to: '/home/noticelist',
    });
    // An unknown flag is dropped and the visitor stays on the page.
    expect(guard(input({ path: '/user/index', query: { routeFlag: 'nope' }, flowRoutes }))).toMatchObject({
      action: 'redirect',
      to: '/user/index',
    });
  });

  it('4. routeFlag applies before the sign-in check', () => {
    const decision = guard(input({ hasToken: false, user: undefined, query: { routeFlag: 'order' } }));
    expect(decision).toMatchObject({ rule: 'routeFlag', to: '/order/index' });
  });

  it('5. a signed-in user going to /login goes to /home', () => {
    expect(guard(input({ path: '/login' }))).toEqual({
      action: 'redirect',
      rule: 'signedInLogin',
      to: '/home',
    });
  });

  it('5. a user with a valid user id going to /register goes to /home', () => {
    expect(guard(input({ path: '/register', bound: true }))).toEqual({
      action: 'redirect',
      rule: 'boundRegister',
      to: '/home',
    });
    const unbound = { tenantId: '100001', userId: '0' };
    expect(guard(input({ path: '/register', user: unbound })).rule).toBe('pass');
  });

  it('5. a guest (valid user id, no binding yet) may open /register and bind; unknown waits', () => {
    expect(guard(input({ path: '/register', bound: false }))).toEqual({ action: 'next', rule: 'pass' });
    expect(guard(input({ path: '/register' }))).toEqual({
      action: 'wait',
      rule: 'boundRegister',
      need: 'binding',
    });
  });

  it('6. no token on an auth route: keeps the return address and goes to /login', () => {
    expect(
      guard(input({ path: '/order/detail/7', query: { a: '1' }, hasToken: false, user: undefined })),
    ).toEqual({ action: 'login', rule: 'login', returnTo: '/order/detail/7?a=1' });
    // /login itself is public.
    expect(guard(input({ path: '/login', hasToken: false, user: undefined })).rule).toBe('pass');
  });

  it('6. inside WeChat with an app id and no code: goes to the WeChat authorize page', () => {
    const wechat = { source: 'wechat' as const, appId: 'wx1' };
    expect(guard(input({ path: '/home', hasToken: false, user: undefined, wechat }))).toEqual({
      action: 'wechatAuthorize',
      rule: 'wechatAuthorize',
      returnTo: '/home',
      source: 'wechat',
    });
    const work = { source: 'wxwork' as const, appId: 'ww1' };
    expect(guard(input({ hasToken: false, user: undefined, wechat: work }))).toMatchObject({
      source: 'wxwork',
    });
  });

  it('6. inside WeChat but with a code, or without an app id: goes to /login', () => {
    const wechat = { source: 'wechat' as const, appId: 'wx1' };
    expect(guard(input({ hasToken: false, user: undefined, wechat, query: { code: 'c' } })).rule).toBe(
      'login',
    );
    expect(guard(input({ hasToken: false, user: undefined, wechat: { source: 'wechat' } })).rule).toBe(
      'login',
    );
    // Outside WeChat an app id changes nothing.
    expect(
      guard(input({ hasToken: false, user: undefined, wechat: { source: null, appId: 'wx1' } })).rule,
    ).toBe('login');
  });

  it('6. waits while the tenant WeChat settings load', () => {
    const wechat = { source: 'wechat' as const, loading: true };
    expect(guard(input({ hasToken: false, user: undefined, wechat }))).toEqual({
      action: 'wait',
      rule: 'wechatAuthorize',
      need: 'wechat',
    });
  });

  it('7. a user without a valid user id is sent to /register from the shell', () => {
    for (const userId of ['0', '-1', '', 'abc']) {
      expect(guard(input({ path: '/user/index', user: { tenantId: '100001', userId } }))).toEqual({
        action: 'redirect',
        rule: 'unboundUser',
        to: '/register',
      });
    }
    expect(guard(input({ path: '/home', user: undefined })).rule).toBe('unboundUser');
  });

  it('lets an unbound WeChat visitor reach enrolment fees, the cashier and those orders (no student number yet)', () => {
    const visitor = { tenantId: '100001', userId: '0' };
    for (const path of [
      '/enroll',
      '/fee/other/enroll/product/3',
      '/pay',
      '/order/index',
      '/order/detail/9',
    ]) {
      expect(guard(input({ path, user: visitor })).rule).toBe('pass');
    }
    expect(guard(input({ path: '/fee/index', user: visitor })).rule).toBe('unboundUser');
  });

  it('forwarding paths such as / are judged where they lead', () => {
    expect(guard(input({ path: '/', hasToken: false, user: undefined })).rule).toBe('pass');
    // The earlier rules still apply there.
    expect(guard(input({ path: '/', query: { authCode: 'x' } })).rule).toBe('authCode');
  });

  it('unknown paths count as auth routes', () => {
    expect(guard(input({ path: '/nowhere', hasToken: false, user: undefined })).rule).toBe('login');
  });
});

describe('routeFlagTarget', () => {
  it('needs the id of a route that has one', () => {
    expect(routeFlagTarget('orderDetail', {})).toBeUndefined();
    expect(routeFlagTarget('noticeDetail:5', {})).toBe('/home/notice/5');
  });
});
