/** The tenant a visitor last chose or arrived with, used before sign-in (login form, WeChat). */
import { getStore, setStore } from './storage';

export const getPreferredTenantId = (): string | undefined => getStore<string>('tenant-id') || undefined;

export function setPreferredTenantId(tenantId: string): void {
  if (tenantId) setStore('tenant-id', tenantId, 'local');
}
