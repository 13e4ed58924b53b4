/**
 * The route guard of spec §2, rule by rule in the spec's order, as a pure function: it reads what
 * the app knows and answers what to do. shell/route-guard.tsx gathers the input and carries out
 * the decision (storage, reloads, leaving for WeChat).
 */
import { hasValidUserId } from '../lib/session';
import type { WechatSource } from '../lib/wechat';
import { matchRoute, pathOfRoute, REDIRECTS, routeByName } from '@/lib/routes';

export interface GuardInput {
  /** The in-app path (the hash path), e.g. '/home'. */
  path: string;
  /** Query parameters of the page (the real query and the hash query merged). */
  query: Readonly<Record<string, string>>;
  /** An access token is present. */
  hasToken: boolean;
  /** The signed-in user, when a session is stored. */
  user?: { tenantId: string; userId: string };
  wechat: {
    source: WechatSource | null;
    /** The tenant's WeChat app id; undefined when none or not known. */
    appId?: string;
    /** The tenant's WeChat settings are still being fetched. */
    loading?: boolean;
  };
  /** The signed-in user has a binding (a school identity); undefined when not known (yet). */
  bound?: boolean;
  /** The flow dictionary as route key (code_dictKey) -> route name; undefined until loaded. */
  flowRoutes?: Readonly<Record<string, string>>;
}

export type GuardRule =
  | 'authCode'
  | 'payAuthToken'
  | 'tenantMismatch'
  | 'routeFlag'
  | 'signedInLogin'
  | 'boundRegister'
  | 'wechatAuthorize'
  | 'login'
  | 'unboundUser'
  | 'pass';

export type GuardDecision =
  /** Go on to the route. */
  | { action: 'next'; rule: 'pass' }
  /** Needs more input first (the WeChat settings or the flow dictionary). */
  | { action: 'wait'; rule: GuardRule; need: 'wechat' | 'flowRoutes' | 'binding' }
  | { action: 'redirect'; rule: GuardRule; to: string }
  | { action: 'clearTokenAndRedirect'; rule: 'authCode'; to: string }
  | { action: 'clearSessionAndReload'; rule: 'tenantMismatch'; tenantId: string }
  /** Keep `returnTo` and leave for the WeChat authorize page. */
  | { action: 'wechatAuthorize'; rule: 'wechatAuthorize'; returnTo: string; source: WechatSource }
  /** Keep `returnTo` and go to /login. */
  | { action: 'login'; rule: 'login'; returnTo: string };

export function withQuery(
  path: string,
  query: Readonly<Record<string, string>>,
  drop: string[] = [],
): string {
  const rest = Object.entries(query).filter(([key]) => !drop.includes(key));
  return rest.length ? `${path}?${new URLSearchParams(rest).toString()}` : path;
}

/** routeFlag is a route name or name:id; a flow key (code_dictKey) names a route through the dictionary. */
export function routeFlagTarget(
  flag: string,
  flowRoutes: Readonly<Record<string, string>> | undefined,
): string | undefined | 'unknown-yet' {
  const [rawName = '', id] = flag.split(':');
  const name = rawName.trim();
  if (routeByName(name)) return pathOfRoute(name, id);
  if (!flowRoutes) return 'unknown-yet';
  const mapped = flowRoutes[name];
  return mapped && routeByName(mapped) ? pathOfRoute(mapped, id) : undefined;
}

export function guard(input: GuardInput): GuardDecision {
  const { path, query, hasToken, user } = input;
  // Where to come back to after signing in. Never with an authCode: it is used once, and brought back
  // beside the new token it would clear that token again (a loop back to the login page).
  const here = withQuery(path, query, ['authCode']);

  // A token and an authCode: the token is cleared, the code is used up (dropped from the address) and
  // the app goes where the link pointed, which asks for a sign-in and then shows that page.
  if (hasToken && query.authCode)
    return { action: 'clearTokenAndRedirect', rule: 'authCode', to: withQuery(path, query, ['authCode']) };

  // payAuthToken: the payment page (it brings its own authority).
  if (query.payAuthToken && path !== '/pay')
    return { action: 'redirect', rule: 'payAuthToken', to: withQuery('/pay', query) };

  // tenantId differing from the signed-in user's tenant: clear the session, reload with the tenant.
  if (query.tenantId && user?.tenantId && query.tenantId !== user.tenantId)
    return { action: 'clearSessionAndReload', rule: 'tenantMismatch', tenantId: query.tenantId };

  // routeFlag: route name or name:id.
  if (query.routeFlag) {
    const target = routeFlagTarget(query.routeFlag, input.flowRoutes);
    if (target === 'unknown-yet') return { action: 'wait', rule: 'routeFlag', need: 'flowRoutes' };
    // An unknown flag is dropped so the visitor stays where the link pointed.
    return { action: 'redirect', rule: 'routeFlag', to: withQuery(target ?? path, query, ['routeFlag']) };
  }

  if (hasToken && path === '/login') return { action: 'redirect', rule: 'signedInLogin', to: '/home' };
  // A user with a valid user id but no binding yet (a guest account) may bind.
  if (hasToken && hasValidUserId(user) && path === '/register') {
    if (input.bound === undefined) return { action: 'wait', rule: 'boundRegister', need: 'binding' };
    if (input.bound) return { action: 'redirect', rule: 'boundRegister', to: '/home' };
  }

  // Paths that only forward (/ -> /home) are judged at their destination.
  if (REDIRECTS[path]) return { action: 'next', rule: 'pass' };

  const meta = matchRoute(path);
  const needsAuth = meta?.auth ?? true;
  // The payment page opened with a payAuthToken needs no sign-in.
  const payByToken = path === '/pay' && !!query.payAuthToken;

  if (!hasToken && needsAuth && !payByToken) {
    const { source, appId, loading } = input.wechat;
    if (source && !query.code) {
      if (loading) return { action: 'wait', rule: 'wechatAuthorize', need: 'wechat' };
      if (appId) return { action: 'wechatAuthorize', rule: 'wechatAuthorize', returnTo: here, source };
    }
    return { action: 'login', rule: 'login', returnTo: here };
  }

  // From the shell: a user without a valid user id binds first (except to pay enrolment fees, which a
  // newly admitted student does before having a student number to bind to).
  if (
    hasToken &&
    needsAuth &&
    !payByToken &&
    !meta?.allowUnbound &&
    !hasValidUserId(user) &&
    path !== '/register'
  )
    return { action: 'redirect', rule: 'unboundUser', to: '/register' };

  return { action: 'next', rule: 'pass' };
}
