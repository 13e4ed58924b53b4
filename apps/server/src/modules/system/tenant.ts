/**
 * Which tenant a public (pre-login) request is about. A valid Blade-Auth token wins: a signed-in
 * caller only ever sees their own tenant, whatever tenantId the query names. Without one, the
 * query `tenantId`, then the `Tenant-Id` header. An invalid or expired token is ignored here
 * (these endpoints are public); endpoints that need a sign-in use requireAuth instead.
 */
import type { FastifyRequest } from 'fastify';
import { bearerToken } from '@server/modules/auth/guard';
import { badRequest } from '@server/http/errors';
import { verifyAccessToken } from '../auth/tokens';
import { findTenant, type TenantRow } from '@server/modules/auth/tenant';

export async function requestedTenantId(req: FastifyRequest, queryTenantId?: string): Promise<string | null> {
  const token = bearerToken(req);
  if (token) {
    const auth = await verifyAccessToken(req.server.db, req.server.config, token);
    if (auth) return auth.tenantId;
  }
  const header = req.headers['tenant-id'];
  const candidate = queryTenantId?.trim() || (typeof header === 'string' ? header.trim() : '');
  return candidate || null;
}

export function isTenantActive(tenant: TenantRow, now = new Date()): boolean {
  return tenant.status === 1 && (!tenant.expireTime || tenant.expireTime.getTime() > now.getTime());
}

/**
 * The caller's tenant row: 400 when none is named or it does not exist. `requireActive` also
 * refuses a disabled tenant or one whose licence has expired (for anything that costs or changes).
 */
export async function resolveTenant(
  req: FastifyRequest,
  queryTenantId: string | undefined,
  options: { requireActive?: boolean } = {},
): Promise<TenantRow> {
  const tenantId = await requestedTenantId(req, queryTenantId);
  if (!tenantId) throw badRequest('system.tenantRequired');
  const tenant = await findTenant(req.server.db, tenantId);
  if (!tenant) throw badRequest('auth.tenantUnknown');
  if (options.requireActive) {
    if (tenant.status !== 1) throw badRequest('auth.tenantDisabled');
    if (!isTenantActive(tenant)) throw badRequest('auth.tenantExpired');
  }
  return tenant;
}
