/**
 * The wire of the tenant admin's settings routes (/api/blade-finance/admin/settings/*): the binding and
 * account params the phones read, the enabled mobile modules, the pay channels' merchant settings and
 * the SMS and mail providers. Secrets are write-only: a reply says whether one is set (and for a
 * merchant id its last 4 characters), never its value.
 */
import { z } from 'zod';
import { INVOICE_TERM_PARAM } from '../invoice-term';
import { ACCOUNT_PARAM_KEYS, BIND_PARAM_KEYS } from '../validation';
import { NOTIFY_KINDS } from '../notify';
import { channelEnum } from './pay';

/** The params a tenant admin may change (spec §3 "Tenant parameters for binding", account params). */
export const SETTINGS_PARAM_KEYS = [
  ...Object.values(BIND_PARAM_KEYS),
  ...Object.values(ACCOUNT_PARAM_KEYS),
  INVOICE_TERM_PARAM,
] as const;
export type SettingsParamKey = (typeof SETTINGS_PARAM_KEYS)[number];

const paramValue = z.string().trim().max(200);

/** Only the keys named change; a key left out keeps its value. */
export const paramsBody = z.object({
  params: z.partialRecord(z.enum(SETTINGS_PARAM_KEYS), paramValue),
});

/** A mobile module's code, as the phone's tab bar and home page know them. */
const moduleCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9_-]{0,39}$/, 'common.fieldInvalid');
export const modulesBody = z.object({ modules: z.array(moduleCode).max(50) });

/** A secret as a reply shows it: set or not, and for an id its last 4 characters. */
export const secretStateSchema = z.object({
  set: z.boolean(),
  tail: z.string().optional().describe('last 4 characters, for ids only (merchant id, serial)'),
});
export type SecretState = z.infer<typeof secretStateSchema>;

/** The merchant settings a pay channel keeps; the secrets among them never travel back. */
export const PAY_SECRET_FIELDS = ['mchId', 'serialNo', 'privateKeyPem', 'apiV3Key'] as const;
/** What a WeChat Pay merchant account needs before the channel can be enabled. */
export const PAY_REQUIRED_FIELDS = ['appId', ...PAY_SECRET_FIELDS] as const;

/**
 * Alipay (channel alipay): the app id, the application private key (RSA2) and Alipay's key — as a
 * public key (keyMode key, 公钥模式) or as three certificates (keyMode cert, 公钥证书模式). The keys are
 * write-only; the app id and the seller id (partner id 2088…, optional) are shown.
 */
export const ALIPAY_KEY_MODES = ['key', 'cert'] as const;
/** Alipay's own keys and certificates (the private key is privateKeyPem, as for WeChat Pay). */
export const ALIPAY_KEY_FIELDS = [
  'alipayPublicKeyPem',
  'appCertPem',
  'alipayPublicCertPem',
  'alipayRootCertPem',
] as const;
/** What the server may name as missing, for WeChat Pay or Alipay. */
export const PAY_MISSING_FIELDS = [...PAY_REQUIRED_FIELDS, ...ALIPAY_KEY_FIELDS] as const;
export type PayMissingField = (typeof PAY_MISSING_FIELDS)[number];

const pem = z
  .string()
  .trim()
  .max(8000)
  .regex(/^-----BEGIN [A-Z ]+-----[\s\S]+-----END [A-Z ]+-----$/, {
    message: 'common.fieldInvalid',
  });

/**
 * A change to a pay channel: a field left out keeps its value; a secret named in `clear` is removed.
 * The APIv3 key is 32 characters, as WeChat Pay's merchant platform sets it.
 */
export const payChannelBody = z.object({
  enabled: z.boolean().optional(),
  appId: z.string().trim().max(64).optional(),
  mchId: z.string().trim().min(1).max(32).optional(),
  serialNo: z.string().trim().min(1).max(64).optional(),
  privateKeyPem: pem.optional(),
  apiV3Key: z.string().length(32, 'common.fieldInvalid').optional(),
  sellerId: z
    .string()
    .trim()
    .regex(/^(2088\d{12})?$/, 'common.fieldInvalid')
    .optional()
    .describe('Alipay: the partner id (2088 + 12 digits); empty: not checked'),
  keyMode: z.enum(ALIPAY_KEY_MODES).optional().describe('Alipay: key (public key) or cert (certificates)'),
  alipayPublicKeyPem: pem.optional(),
  appCertPem: pem.optional(),
  alipayPublicCertPem: pem.optional(),
  // Alipay's root certificate file holds several certificates.
  alipayRootCertPem: z
    .string()
    .trim()
    .max(20000)
    .regex(/^-----BEGIN [A-Z ]+-----[\s\S]+-----END [A-Z ]+-----$/, { message: 'common.fieldInvalid' })
    .optional(),
  clear: z
    .array(z.enum([...PAY_SECRET_FIELDS, ...ALIPAY_KEY_FIELDS]))
    .max(PAY_SECRET_FIELDS.length + ALIPAY_KEY_FIELDS.length)
    .optional(),
  /** WeChat Pay H5 (phone browsers outside WeChat) and Native (QR code on a desktop), each opened at WeChat. */
  h5Enabled: z.boolean().optional(),
  nativeEnabled: z.boolean().optional(),
});
export type PayChannelChange = z.infer<typeof payChannelBody>;
export const payChannelParam = z.object({ channel: channelEnum });

export const payChannelSettingsSchema = z.object({
  channel: channelEnum,
  /** Whether a row exists for the tenant (a channel not set up cannot be offered). */
  configured: z.boolean(),
  enabled: z.boolean(),
  appId: z.string(),
  mchId: secretStateSchema,
  serialNo: secretStateSchema,
  privateKeyPem: secretStateSchema,
  apiV3Key: secretStateSchema,
  /** The merchant settings still missing (WeChat Pay, Alipay); enabling waits for them and a test call. */
  missing: z.array(z.enum(PAY_MISSING_FIELDS)),
  /** Alipay only: the seller id, the key mode and whether each of Alipay's keys is set. */
  alipay: z
    .object({
      sellerId: z.string(),
      keyMode: z.enum(ALIPAY_KEY_MODES),
      alipayPublicKeyPem: secretStateSchema,
      appCertPem: secretStateSchema,
      alipayPublicCertPem: secretStateSchema,
      alipayRootCertPem: secretStateSchema,
    })
    .optional(),
  /** Demo mode: the deployment's stand-in answers for the merchant account (no keys set). */
  simulated: z.boolean(),
  /** WeChat Pay: H5 and Native offered besides JSAPI (false for other channels). */
  h5Enabled: z.boolean(),
  nativeEnabled: z.boolean(),
});

/** The answer of a channel's test call (a query of a made-up order number). */
export const payChannelCheckSchema = z.object({ ok: z.literal(true), simulated: z.boolean() });

export const NOTIFY_PROVIDER_KINDS = ['sms', 'mail'] as const;
export type NotifyProviderKind = (typeof NOTIFY_PROVIDER_KINDS)[number];
export const providerParam = z.object({ kind: z.enum(NOTIFY_PROVIDER_KINDS) });

/** An SMS or mail provider's HTTP API: its address, sender and (write-only) bearer token. */
export const providerBody = z.object({
  httpUrl: z.union([z.literal(''), z.url({ protocol: /^https?$/ }).max(500)]).optional(),
  sender: z.string().trim().max(100).optional(),
  httpToken: z.string().trim().min(1).max(500).optional(),
  clearToken: z.boolean().optional(),
});

export type ProviderChange = z.infer<typeof providerBody>;

export const providerSettingsSchema = z.object({
  kind: z.enum(NOTIFY_PROVIDER_KINDS),
  httpUrl: z.string(),
  sender: z.string(),
  httpToken: secretStateSchema,
});

/** The settings row (tenant_providers.kind) holding the official account's template ids (issue 28). */
export const WECHAT_TEMPLATES_KIND = 'wechat-templates';
const templateId = z
  .string()
  .trim()
  .max(64)
  .regex(/^[A-Za-z0-9_-]*$/, { message: 'common.fieldInvalid' });
/** The official account's template id of each kind of message; an empty one is removed (the kind then goes by SMS). */
export const wechatTemplatesBody = z.object({ templates: z.partialRecord(z.enum(NOTIFY_KINDS), templateId) });
export type WechatTemplatesChange = z.infer<typeof wechatTemplatesBody>;
export const wechatTemplatesSchema = z.partialRecord(z.enum(NOTIFY_KINDS), z.string());
export type WechatTemplates = z.infer<typeof wechatTemplatesSchema>;

/** The disk the tenant's files take: payers' evidence (against its quota) and notice attachments. */
export const storageUseSchema = z.object({
  evidenceBytes: z.number().int(),
  evidenceFiles: z.number().int(),
  evidenceMaxBytes: z.number().int(),
  /** Days the files of a refused record stay. */
  evidenceKeepDays: z.number(),
  attachmentBytes: z.number().int(),
  attachmentFiles: z.number().int(),
});
export type StorageUse = z.infer<typeof storageUseSchema>;

export const tenantSettingsSchema = z.object({
  tenantId: z.string(),
  storage: storageUseSchema,
  params: z.array(z.object({ paramKey: z.enum(SETTINGS_PARAM_KEYS), paramValue: z.string() })),
  mobileModules: z.array(z.string()),
  payChannels: z.array(payChannelSettingsSchema),
  providers: z.array(providerSettingsSchema),
  wechatTemplates: wechatTemplatesSchema,
});
export type TenantSettings = z.infer<typeof tenantSettingsSchema>;
export type PayChannelSettings = z.infer<typeof payChannelSettingsSchema>;
export type ProviderSettings = z.infer<typeof providerSettingsSchema>;
