/** The tenant a sign-in is for: it must exist, be enabled and hold a licence that has not expired. */
import { eq } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { tenants } from '@server/db/schema';
import { OAuthError } from '@server/http/errors';

export type TenantRow = typeof tenants.$inferSelect;

/** A tenant by id (auth is below system in the module order, so system reads tenants through this). */
export async function findTenant(db: Db, tenantId: string): Promise<TenantRow | undefined> {
  const [row] = await db.select().from(tenants).where(eq(tenants.tenantId, tenantId));
  return row;
}

export async function signInTenant(db: Db, tenantId: string | undefined): Promise<TenantRow> {
  if (!tenantId) throw new OAuthError(400, 'auth.tenantRequired');
  const tenant = await findTenant(db, tenantId);
  if (!tenant) throw new OAuthError(400, 'auth.tenantUnknown');
  if (tenant.status !== 1) throw new OAuthError(400, 'auth.tenantDisabled');
  if (tenant.expireTime && tenant.expireTime.getTime() <= Date.now())
    throw new OAuthError(400, 'auth.tenantExpired');
  return tenant;
}
