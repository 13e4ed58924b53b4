/**
 * The tenant admin's settings: binding and account params, enabled mobile modules, pay channels'
 * merchant settings, SMS and mail providers. Secrets are write-only: what goes back says whether one
 * is set (ids: their last 4 characters), never the value. Each change answers the names of what
 * changed, for the audit row (never a value of a secret).
 *
 * Nothing here is cached on the server: the phones' param and module routes read the rows every
 * time, and the pay gateways rebuild an adapter when a channel's settings differ (gateways/pay-channels.ts).
 */
import {
  INVOICE_TERM_PARAM,
  INVOICE_TERMS,
  invoiceTermKey,
  invoiceTermOf,
  type InvoiceTerm,
} from '@cf/shared/invoice-term';
import type { MessageRef } from '@cf/shared/messages';
import { USER_TYPES } from '@cf/shared/validation';
import {
  ALIPAY_KEY_FIELDS,
  NOTIFY_PROVIDER_KINDS,
  PAY_REQUIRED_FIELDS,
  PAY_SECRET_FIELDS,
  SETTINGS_PARAM_KEYS,
  WECHAT_TEMPLATES_KIND,
  type NotifyProviderKind,
  type PayChannelChange,
  type PayMissingField,
  type ProviderChange,
  type PayChannelSettings,
  type ProviderSettings,
  type SecretState,
  type SettingsParamKey,
  type TenantSettings,
  type WechatTemplates,
  type WechatTemplatesChange,
} from '@cf/shared/wire/admin-settings';
import type { Db } from '@server/db/client';
import type { ProviderSettingsRow } from '@server/db/schema-settings';
import { transaction } from '@server/db/transaction';
import type { PayGateways } from '@server/gateways/pay-channels';
import { PAY_CHANNEL_NAMES, type PayChannelName } from '@server/gateways/types';
import { PayChannelError } from '@server/gateways/wechat-pay/types';
import { resolveWechatPayConfig } from '@server/gateways/wechat-pay/config';
import { alipaySettings, missingAlipaySettings, unreadableAlipayKey } from '@server/gateways/alipay/config';
import { badRequest } from '@server/http/errors';
import { findTenant } from '@server/modules/auth/tenant';
import {
  findPayChannelRow,
  findProvider,
  listParamsByKeys,
  listPayChannelRows,
  listProviders,
  saveProvider,
  savePayChannel,
  setMobileModules,
  upsertParam,
} from './settings-repo';

const textOf = (v: unknown) => (typeof v === 'string' ? v : '');

export function secretState(value: unknown, tailed = false): SecretState {
  const text = textOf(value);
  if (!text) return { set: false };
  return tailed && text.length > 4 ? { set: true, tail: text.slice(-4) } : { set: true };
}

/** What a settings screen needs of the pay gateways: which channels run, on what, and a test call. */
export type PayChannelRunner = Pick<PayGateways, 'available' | 'check' | 'simulated'>;

/** The WeChat Pay or Alipay settings still missing ([] for the sandbox). */
function missingOf(channel: PayChannelName, settings: Record<string, unknown>): PayMissingField[] {
  if (channel === 'alipay') return missingAlipaySettings(settings) as PayMissingField[];
  return channel === 'wechat' ? PAY_REQUIRED_FIELDS.filter((f) => !textOf(settings[f])) : [];
}

/** The settings a change may set, per channel (the rest of a change is ignored). */
const CHANGEABLE = {
  alipay: ['appId', 'sellerId', 'keyMode', 'privateKeyPem', ...ALIPAY_KEY_FIELDS],
  other: ['appId', ...PAY_SECRET_FIELDS],
} as const;

/** Alipay's view: the seller id, the key mode and which of Alipay's keys are set. */
const alipayView = (settings: Record<string, unknown>): PayChannelSettings['alipay'] => ({
  sellerId: textOf(settings.sellerId),
  keyMode: settings.keyMode === 'cert' ? 'cert' : 'key',
  alipayPublicKeyPem: secretState(settings.alipayPublicKeyPem),
  appCertPem: secretState(settings.appCertPem),
  alipayPublicCertPem: secretState(settings.alipayPublicCertPem),
  alipayRootCertPem: secretState(settings.alipayRootCertPem),
});

function payChannelView(
  channel: PayChannelName,
  row: { enabled: boolean; settings: Record<string, unknown> } | undefined,
  pay: PayChannelRunner,
): PayChannelSettings {
  const settings = row?.settings ?? {};
  return {
    channel,
    configured: row !== undefined,
    enabled: row?.enabled ?? false,
    appId: textOf(settings.appId),
    mchId: secretState(settings.mchId, true),
    serialNo: secretState(settings.serialNo, true),
    privateKeyPem: secretState(settings.privateKeyPem),
    apiV3Key: secretState(settings.apiV3Key),
    missing: missingOf(channel, settings),
    simulated: pay.simulated(channel, settings),
    h5Enabled: channel === 'wechat' && settings.h5Enabled === true,
    nativeEnabled: channel === 'wechat' && settings.nativeEnabled === true,
    ...(channel === 'alipay' ? { alipay: alipayView(settings) } : {}),
  };
}

/** WeChat Pay's modes beside JSAPI, switched on per tenant (gateways/pay-channels.ts wechatModes). */
const WECHAT_MODE_FIELDS = ['h5Enabled', 'nativeEnabled'] as const;

function providerView(kind: NotifyProviderKind, settings: ProviderSettingsRow | undefined): ProviderSettings {
  return {
    kind,
    httpUrl: settings?.httpUrl ?? '',
    sender: settings?.sender ?? '',
    httpToken: secretState(settings?.httpToken),
  };
}

const asList = (modules: string[] | string | null | undefined): string[] =>
  Array.isArray(modules)
    ? modules
    : (modules ?? '')
        .split(',')
        .map((m) => m.trim())
        .filter(Boolean);

export async function readSettings(
  db: Db,
  tenantId: string,
  pay: PayChannelRunner,
): Promise<Omit<TenantSettings, 'storage'>> {
  const tenant = await findTenant(db, tenantId);
  const rows = await listPayChannelRows(db, tenantId);
  const providers = await listProviders(db, tenantId);
  const paramRows = await listParamsByKeys(db, tenantId, SETTINGS_PARAM_KEYS);
  return {
    tenantId,
    params: paramRows.map((p) => ({ paramKey: p.paramKey as SettingsParamKey, paramValue: p.paramValue })),
    mobileModules: asList(tenant?.mobileModules),
    payChannels: PAY_CHANNEL_NAMES.filter((c) => pay.available(c) || rows.some((r) => r.channel === c)).map(
      (c) =>
        payChannelView(
          c,
          rows.find((r) => r.channel === c),
          pay,
        ),
    ),
    providers: NOTIFY_PROVIDER_KINDS.map((kind) =>
      providerView(kind, providers.find((p) => p.kind === kind)?.settings),
    ),
    wechatTemplates: providers.find((p) => p.kind === WECHAT_TEMPLATES_KIND)?.settings.templates ?? {},
  };
}

/** The official account's template id per kind of message (read by modules/notify/send-service.ts). */
export async function updateWechatTemplates(
  db: Db,
  tenantId: string,
  change: WechatTemplatesChange,
): Promise<{ changed: string[]; view: WechatTemplates }> {
  return transaction(db, async (tx) => {
    const settings: ProviderSettingsRow = {
      ...((await findProvider(tx, tenantId, WECHAT_TEMPLATES_KIND)) ?? {}),
    };
    const templates: Record<string, string> = { ...(settings.templates ?? {}) };
    const changed: string[] = [];
    for (const [kind, id] of Object.entries(change.templates)) {
      if ((templates[kind] ?? '') === (id ?? '')) continue;
      if (id) templates[kind] = id;
      else delete templates[kind];
      changed.push(kind);
    }
    await saveProvider(tx, tenantId, WECHAT_TEMPLATES_KIND, { ...settings, templates });
    return { changed, view: templates };
  });
}

/** What each param may hold (spec §3): the values the phones understand. */
function paramValid(key: SettingsParamKey, value: string): boolean {
  switch (key) {
    case 'bind_userTypes': {
      const types = value.split(',').map((t) => t.trim());
      return types.length > 0 && types.every((t) => (USER_TYPES as readonly string[]).includes(t));
    }
    case 'bind_studentNoAlias':
      return value.length <= 20;
    case INVOICE_TERM_PARAM:
      return (INVOICE_TERMS as readonly string[]).includes(value);
    default:
      return /^[0-2]$/.test(value);
  }
}

/** The tenant's word for what it issues (the invoice PDF and the order's invoice state carry it). */
export async function tenantInvoiceTerm(db: Db, tenantId: string): Promise<InvoiceTerm> {
  const rows = await listParamsByKeys(db, tenantId, [INVOICE_TERM_PARAM]);
  return invoiceTermOf(Object.fromEntries(rows.map((r) => [r.paramKey, r.paramValue ?? undefined])));
}

/** The tenant's word as a message param: `{term}` / `{Term}` in an invoice message (messages.ts MessageRef). */
export async function termParams(db: Db, tenantId: string): Promise<{ term: MessageRef }> {
  return { term: { message: invoiceTermKey(await tenantInvoiceTerm(db, tenantId)) } };
}

/** Sets the params named; answers the keys whose value changed. */
export async function updateParams(
  db: Db,
  tenantId: string,
  changes: Partial<Record<SettingsParamKey, string>>,
): Promise<string[]> {
  const entries = Object.entries(changes) as [SettingsParamKey, string][];
  for (const [key, value] of entries) {
    if (!paramValid(key, value)) throw badRequest('system.paramValueInvalid', { key });
  }
  return transaction(db, async (tx) => {
    const changed: string[] = [];
    for (const [key, value] of entries) if (await upsertParam(tx, tenantId, key, value)) changed.push(key);
    return changed;
  });
}

export async function updateModules(db: Db, tenantId: string, modules: string[]): Promise<string[]> {
  const unique = [...new Set(modules)];
  await setMobileModules(db, tenantId, unique);
  return unique;
}

/**
 * Merges a change into the channel's settings (other settings, e.g. platform keys, are kept). WeChat
 * settings complete enough to talk to a merchant account must parse now, not at the first payment. A
 * channel is enabled only when its settings are complete (or a demo stand-in answers for them) and a
 * test call with them succeeds (issue 25 item 5); incomplete settings may be saved while it is off.
 */
export async function updatePayChannel(
  db: Db,
  tenantId: string,
  channel: PayChannelName,
  change: PayChannelChange,
  pay: PayChannelRunner,
): Promise<{ changed: string[]; view: PayChannelSettings }> {
  if (!pay.available(channel)) throw badRequest('system.channelNotAvailable');
  const before = await findPayChannelRow(db, tenantId, channel);
  const settings: Record<string, unknown> = { ...(before?.settings ?? {}) };
  const changed: string[] = [];
  for (const field of channel === 'alipay' ? CHANGEABLE.alipay : CHANGEABLE.other) {
    const value = change[field];
    if (value !== undefined && value !== settings[field]) {
      settings[field] = value;
      changed.push(field);
    }
  }
  for (const field of change.clear ?? []) {
    if (settings[field] !== undefined) {
      delete settings[field];
      if (!changed.includes(field)) changed.push(field);
    }
  }
  for (const field of channel === 'wechat' ? WECHAT_MODE_FIELDS : []) {
    const value = change[field];
    if (value === undefined || value === (settings[field] === true)) continue;
    // A mode is switched on only for a complete merchant account (or the demo's stand-in).
    if (value) assertComplete(channel, settings, pay);
    settings[field] = value;
    changed.push(field);
  }
  const enabled = change.enabled ?? before?.enabled ?? false;
  if (enabled !== (before?.enabled ?? false) || !before) changed.push('enabled');
  if (channel === 'wechat') checkWechatKeys(settings);
  if (channel === 'alipay') checkAlipayKeys(settings);
  // Turned on, or changed while on: what payers would be sent to must answer first.
  if (enabled && (!before?.enabled || changed.length > 0)) await testCall(tenantId, channel, settings, pay);
  await transaction(db, (tx) => savePayChannel(tx, tenantId, channel, { enabled, settings }));
  return { changed: [...new Set(changed)], view: payChannelView(channel, { enabled, settings }, pay) };
}

/** The channel's test call with its saved settings (the console's "test" button). */
export async function checkPayChannel(
  db: Db,
  tenantId: string,
  channel: PayChannelName,
  pay: PayChannelRunner,
): Promise<{ ok: true; simulated: boolean }> {
  if (!pay.available(channel)) throw badRequest('system.channelNotAvailable');
  const settings = (await findPayChannelRow(db, tenantId, channel))?.settings ?? {};
  await testCall(tenantId, channel, settings, pay);
  return { ok: true, simulated: pay.simulated(channel, settings) };
}

function assertComplete(channel: PayChannelName, settings: Record<string, unknown>, pay: PayChannelRunner) {
  const missing = missingOf(channel, settings);
  if (missing.length > 0 && !pay.simulated(channel, settings))
    throw badRequest('system.channelIncomplete', { Field: { message: `system.payField.${missing[0]!}` } });
}

async function testCall(
  tenantId: string,
  channel: PayChannelName,
  settings: Record<string, unknown>,
  pay: PayChannelRunner,
): Promise<void> {
  assertComplete(channel, settings, pay);
  try {
    await pay.check(tenantId, channel, settings);
  } catch (error) {
    const code = error instanceof PayChannelError ? error.code : 'UNREACHABLE';
    throw badRequest('system.channelCheckFailed', { code });
  }
}

/** All five merchant settings present: the keys must load (the reason names no secret). */
function checkWechatKeys(settings: Record<string, unknown>): void {
  const [mchId, appId, serialNo, privateKeyPem, apiV3Key] = [
    settings.mchId,
    settings.appId,
    settings.serialNo,
    settings.privateKeyPem,
    settings.apiV3Key,
  ].map(textOf);
  if (!mchId || !appId || !serialNo || !privateKeyPem || !apiV3Key) return;
  try {
    resolveWechatPayConfig({
      mchId,
      appId,
      serialNo,
      privateKeyPem: privateKeyPem,
      apiV3Key,
      platformPublicKeys: {},
    });
  } catch (error) {
    const reason = error instanceof Error && /APIv3/.test(error.message) ? 'APIv3 key' : 'private key';
    throw badRequest('system.payKeysInvalid', { reason });
  }
}

/** Complete Alipay settings: every key and certificate must load (the reason names the field, never its value). */
function checkAlipayKeys(settings: Record<string, unknown>): void {
  const config = alipaySettings(settings);
  const bad = config && unreadableAlipayKey(config);
  if (bad) throw badRequest('system.payKeysInvalid', { reason: { message: `system.payField.${bad}` } });
}

export async function updateProvider(
  db: Db,
  tenantId: string,
  kind: NotifyProviderKind,
  change: ProviderChange,
): Promise<{ changed: string[]; view: ProviderSettings }> {
  return transaction(db, async (tx) => {
    const settings: ProviderSettingsRow = { ...((await findProvider(tx, tenantId, kind)) ?? {}) };
    const changed: string[] = [];
    for (const field of ['httpUrl', 'sender', 'httpToken'] as const) {
      const value = change[field];
      if (value !== undefined && value !== settings[field]) {
        settings[field] = value;
        changed.push(field);
      }
    }
    if (change.clearToken && settings.httpToken !== undefined) {
      delete settings.httpToken;
      if (!changed.includes('httpToken')) changed.push('httpToken');
    }
    await saveProvider(tx, tenantId, kind, settings);
    return { changed, view: providerView(kind, settings) };
  });
}
