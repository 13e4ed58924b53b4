import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { flowRoutesQueryOptions } from '../api/get-flow-dictionary';
import { userInfoQueryOptions } from '../api/get-user-info';
import { tenantQueryOptions } from '../api/get-tenant';
import { PageSpinner } from '../components/page-spinner';
import { startWechatAuthorize, wechatAppIdOf } from '../features/auth/wechat-flow';
import { currentQuery, keepReturnAddress } from '../lib/navigation';
import { clearSession, getSessionUser, hasValidUserId } from '../lib/session';
import { getPreferredTenantId, setPreferredTenantId } from '../lib/tenant';
import { useSession } from '../lib/use-session';
import { wechatSource } from '../lib/wechat';
import { guard, type GuardDecision } from './guard';
import { routeByName } from '@/lib/routes';

/** Carries out a guard decision that is more than a plain in-app redirect. */
function useCarryOut(
  decision: GuardDecision,
  tenant: Parameters<typeof startWechatAuthorize>[0] | undefined,
) {
  useEffect(() => {
    switch (decision.action) {
      case 'clearSessionAndReload':
        clearSession();
        setPreferredTenantId(decision.tenantId);
        window.location.reload();
        break;
      case 'wechatAuthorize':
        keepReturnAddress(decision.returnTo);
        if (tenant) startWechatAuthorize(tenant, decision.source);
        break;
      case 'login':
        keepReturnAddress(decision.returnTo);
        break;
      case 'clearTokenAndRedirect':
        clearSession();
        break;
      default:
        break;
    }
  }, [decision, tenant]);
}

/**
 * Runs the route guard (app/guard.ts) on every location: gathers what it needs (session, the
 * tenant's WeChat app, the flow dictionary for routeFlag), then shows the screen or moves on.
 */
export default function RouteGuard() {
  const location = useLocation();
  const { token, user } = useSession();
  const query = currentQuery(location.search);
  const source = wechatSource();
  const tenantId = query.tenantId || user?.tenantId || getPreferredTenantId() || '';

  const wantsWechat = !!source && !token && !query.code && !!tenantId;
  const tenant = useQuery({ ...tenantQueryOptions(tenantId), enabled: wantsWechat });
  const flagName = query.routeFlag?.split(':')[0] ?? '';
  const wantsFlow = !!query.routeFlag && !routeByName(flagName);
  const flow = useQuery({ ...flowRoutesQueryOptions(tenantId), enabled: wantsFlow && !!tenantId });

  // Whether a signed-in user going to /register is bound already (a guest account may bind).
  const wantsBinding = !!token && hasValidUserId(user) && location.pathname === '/register';
  const info = useQuery({ ...userInfoQueryOptions(user?.userId ?? ''), enabled: wantsBinding });

  // A tenant named in the link becomes the one offered at sign-in.
  useEffect(() => {
    if (query.tenantId && !getSessionUser()) setPreferredTenantId(query.tenantId);
  }, [query.tenantId]);

  const computed = guard({
    path: location.pathname,
    query,
    hasToken: !!token,
    user,
    wechat: {
      source,
      appId: source ? wechatAppIdOf(tenant.data, source) : undefined,
      loading: wantsWechat && tenant.isLoading,
    },
    // Unknown on failure counts as bound: the spec's rule (a valid user id goes home) applies.
    bound: wantsBinding ? (info.isError ? true : info.data?.bound) : undefined,
    // Without a tenant or on failure the dictionary counts as empty, so the flag is dropped.
    flowRoutes: wantsFlow ? (tenantId && !flow.isError ? flow.data : {}) : undefined,
  });
  // The same decision keeps the same identity, so its side effects run once per change.
  const decisionKey = JSON.stringify(computed);
  const decision = useMemo(() => JSON.parse(decisionKey) as GuardDecision, [decisionKey]);
  useCarryOut(decision, tenant.data);

  switch (decision.action) {
    case 'next':
      return <Outlet />;
    case 'redirect':
    case 'clearTokenAndRedirect':
      return <Navigate to={decision.to} replace />;
    case 'login':
      return <Navigate to="/login" replace />;
    default:
      return <PageSpinner />;
  }
}
