/** The tenant a sign-in is for: it must exist, be enabled and hold a licence that has not expired. */
import type { Db } from '@server/db/client';
import { OAuthError } from '@server/http/errors';
import { findTenant, type TenantRow } from '../system/repo';

export async function signInTenant(db: Db, tenantId: string | undefined): Promise<TenantRow> {
  if (!tenantId) throw new OAuthError(400, 'auth.tenantRequired');
  const tenant = await findTenant(db, tenantId);
  if (!tenant) throw new OAuthError(400, 'auth.tenantUnknown');
  if (tenant.status !== 1) throw new OAuthError(400, 'auth.tenantDisabled');
  if (tenant.expireTime && tenant.expireTime.getTime() <= Date.now())
    throw new OAuthError(400, 'auth.tenantExpired');
  return tenant;
}
