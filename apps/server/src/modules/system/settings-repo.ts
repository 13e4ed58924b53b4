/** Queries of the tenant settings: params, mobile modules, pay channels, SMS and mail providers. */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { WriteTx } from '@server/db/transaction';
import type { Db } from '@server/db/client';
import { params, tenants } from '@server/db/schema';
import { payChannels } from '@server/db/schema-finance';
import { tenantProviders, type ProviderSettingsRow } from '@server/db/schema-settings';

export async function listParamsByKeys(db: Db, tenantId: string, keys: readonly string[]) {
  return db
    .select({ paramKey: params.paramKey, paramValue: params.paramValue })
    .from(params)
    .where(and(eq(params.tenantId, tenantId), inArray(params.paramKey, [...keys])))
    .orderBy(asc(params.paramKey));
}

/** Inserts or updates one param; answers whether its value changed. */
export async function upsertParam(tx: WriteTx, tenantId: string, paramKey: string, paramValue: string) {
  const [before] = await tx
    .select({ paramValue: params.paramValue })
    .from(params)
    .where(and(eq(params.tenantId, tenantId), eq(params.paramKey, paramKey)))
    .for('update');
  if (before?.paramValue === paramValue) return false;
  await tx
    .insert(params)
    .values({ tenantId, paramType: paramKey.split('_')[0] ?? 'system', paramKey, paramValue })
    .onConflictDoUpdate({ target: [params.tenantId, params.paramKey], set: { paramValue } });
  return true;
}

export async function setMobileModules(db: Db, tenantId: string, modules: string[]) {
  await db.update(tenants).set({ mobileModules: modules }).where(eq(tenants.tenantId, tenantId));
}

export async function listPayChannelRows(db: Db, tenantId: string) {
  return db
    .select({ channel: payChannels.channel, enabled: payChannels.enabled, settings: payChannels.settings })
    .from(payChannels)
    .where(eq(payChannels.tenantId, tenantId))
    .orderBy(asc(payChannels.sort), asc(payChannels.id));
}

export async function findPayChannelRow(tx: WriteTx, tenantId: string, channel: string) {
  const [row] = await tx
    .select({ enabled: payChannels.enabled, settings: payChannels.settings })
    .from(payChannels)
    .where(and(eq(payChannels.tenantId, tenantId), eq(payChannels.channel, channel)))
    .for('update');
  return row;
}

export async function savePayChannel(
  tx: WriteTx,
  tenantId: string,
  channel: string,
  values: { enabled: boolean; settings: Record<string, unknown> },
) {
  await tx
    .insert(payChannels)
    .values({ tenantId, channel, ...values })
    .onConflictDoUpdate({ target: [payChannels.tenantId, payChannels.channel], set: values });
}

export async function listProviders(db: Db, tenantId: string) {
  return db
    .select({ kind: tenantProviders.kind, settings: tenantProviders.settings })
    .from(tenantProviders)
    .where(eq(tenantProviders.tenantId, tenantId));
}

export async function findProvider(tx: WriteTx, tenantId: string, kind: string) {
  const [row] = await tx
    .select({ settings: tenantProviders.settings })
    .from(tenantProviders)
    .where(and(eq(tenantProviders.tenantId, tenantId), eq(tenantProviders.kind, kind)))
    .for('update');
  return row?.settings;
}

export async function saveProvider(
  tx: WriteTx,
  tenantId: string,
  kind: string,
  settings: ProviderSettingsRow,
) {
  await tx
    .insert(tenantProviders)
    .values({ tenantId, kind, settings })
    .onConflictDoUpdate({
      target: [tenantProviders.tenantId, tenantProviders.kind],
      set: { settings, updatedAt: new Date() },
    });
}
