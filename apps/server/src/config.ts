/** Every setting, parsed once from the environment (README lists them). */
import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { ORDER_EXPIRE_MINUTES } from '@cf/shared/order-expiry';
import { z } from 'zod';

/** Defaults published with BladeX and its browser clients: never acceptable in production. */
export const KNOWN_DEFAULT_SECRETS = new Set([
  'bladexisapowerfulmicroservicearchitectureupgradedandoptimizedfromacommercialproject',
  'O2BEeIv399qHQNhD6aGW8R8DEj4bqHXm',
  'saber_secret',
  'sword_secret',
  'changeme',
  'secret',
]);

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v));

/** The environment's settings; docs/operations.md's table is generated from this and config-docs.ts. */
export const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: optionalString,
  DATA_DIR: z.string().default('./data'),
  // Uploaded files: the folder under DATA_DIR, or an S3-compatible bucket (gateways/file-store).
  FILE_STORE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: optionalString,
  S3_BUCKET: optionalString,
  S3_REGION: optionalString.transform((v) => v ?? 'us-east-1'),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  // Unset: demo, but only without DATABASE_URL (see loadConfig).
  APP_MODE: z.enum(['demo', 'production']).optional(),
  JWT_SECRET: optionalString,
  WIRE_AES_KEY: optionalString,
  CLIENT_ID: optionalString,
  CLIENT_SECRET: optionalString,
  ACCESS_TOKEN_TTL: z.coerce.number().int().positive().default(3600),
  REFRESH_TOKEN_TTL: z.coerce.number().int().positive().default(604800),
  PUBLIC_URL: optionalString,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  METRICS_TOKEN: optionalString.refine((v) => v === undefined || v.length >= 16, {
    message: 'METRICS_TOKEN must be at least 16 characters',
  }),
  WECHAT_OAUTH_URL: optionalString.transform((v) => v ?? 'https://open.weixin.qq.com'),
  WECHAT_API_URL: optionalString.transform((v) => v ?? 'https://api.weixin.qq.com'),
  WECHAT_WORK_API_URL: optionalString.transform((v) => v ?? 'https://qyapi.weixin.qq.com'),
  SMS_HTTP_URL: optionalString,
  SMS_HTTP_TOKEN: optionalString,
  MAIL_HTTP_URL: optionalString,
  MAIL_HTTP_TOKEN: optionalString,
  WEB_DIST: optionalString,
  ADMIN_DIST: optionalString,
  DB_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(10),
  ORDER_EXPIRE_MINUTES: z.coerce
    .number()
    .int()
    .min(ORDER_EXPIRE_MINUTES.min)
    .max(ORDER_EXPIRE_MINUTES.max)
    .default(ORDER_EXPIRE_MINUTES.default),
  PAY_LINK_TTL: z.coerce.number().int().min(60).default(1800),
  SANDBOX_PAY_KEY: optionalString,
  JOBS_ENABLED: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  JOB_EXPIRE_INTERVAL: z.coerce.number().positive().default(30),
  JOB_RECONCILE_INTERVAL: z.coerce.number().positive().default(60),
  RECONCILE_AFTER: z.coerce.number().min(0).default(180),
  ORDER_LIST_CACHE_MB: z.coerce.number().min(0).max(4096).default(16),
  ORDER_LIST_CACHE_TTL: z.coerce.number().positive().max(3600).default(60),
  TRUST_PROXY: optionalString,
  EBILL_URL: optionalString,
  EBILL_APP_ID: optionalString,
  EBILL_APP_KEY: optionalString,
  EBILL_STANDIN_DELAY_MS: z.coerce.number().int().min(0).max(10_000).default(300),
  JOB_INVOICE_INTERVAL: z.coerce.number().positive().default(5),
  JOB_NOTIFY_INTERVAL: z.coerce.number().positive().default(5),
  REMINDER_RATE: z.coerce.number().int().min(1).max(10_000).default(20),
  EVIDENCE_TENANT_MAX_MB: z.coerce.number().int().min(1).max(10_000_000).default(5120),
  EVIDENCE_VOID_GRACE_DAYS: z.coerce.number().min(0).max(3650).default(30),
});

export interface Config {
  port: number;
  host: string;
  databaseUrl?: string;
  /** Connections of the pg pool (PostgreSQL only). */
  dbPoolMax: number;
  dataDir: string;
  /** Where uploaded files live (gateways/file-store): the folder under dataDir, or a bucket. */
  files: FileStoreSettings;
  mode: 'demo' | 'production';
  jwtSecret: string;
  wireAesKey: string;
  clientId: string;
  clientSecret: string;
  accessTokenTtl: number;
  refreshTokenTtl: number;
  publicUrl?: string;
  logLevel: string;
  /** Bearer token of GET /metrics (http/metrics-routes.ts); unset: no /metrics at all. */
  metricsToken?: string;
  wechat: { oauthUrl: string; apiUrl: string; workApiUrl: string };
  sms: { httpUrl?: string; httpToken?: string };
  mail: { httpUrl?: string; httpToken?: string };
  webDist?: string;
  /** The finance office's console (apps/admin), served at /admin/. */
  adminDist?: string;
  pay: {
    /** Unpaid orders close after this many minutes. */
    orderExpireMinutes: number;
    /** Lifetime of a pay link (payAuthToken), seconds; never beyond the order's expiry. */
    payLinkTtl: number;
    /** HMAC-SHA256 key of the sandbox channel's notifies (demo mode only). */
    sandboxKey: string;
  };
  jobs: {
    enabled: boolean;
    /** Seconds between runs of the expiry job and of the reconciliation job. */
    expireInterval: number;
    reconcileInterval: number;
    /** A PAYING order is asked about at the channel once it is this many seconds old. */
    reconcileAfter: number;
    /** Seconds between runs of the job sending and asking about invoices (jobs/poll-invoices.ts). */
    invoiceInterval: number;
    /** Seconds between runs of the job sending messages to people (jobs/send-messages.ts). */
    notifyInterval: number;
    /**
     * Fee reminders (modules/reminder) handed to WeChat or the SMS provider per second and school, at
     * most: the providers' rate limit (modules/notify/send-service.ts waits for a slot).
     */
    reminderRate: number;
  };
  /** Order list pages kept in memory per process (modules/order/list-cache.ts); 0 bytes: off. */
  orderListCache: { maxBytes: number; ttlMs: number };
  /** Fastify's trustProxy: false (X-Forwarded-For ignored), a hop count, or the proxies' addresses. */
  trustProxy: TrustProxy;
  /**
   * The finance e-bill platform (gateways/invoice.ts). Demo mode without a URL talks to the stand-in
   * under /api/dev/ebill, which answers after `standinDelayMs`.
   */
  ebill: { url?: string; appId?: string; appKey?: string; standinDelayMs: number };
  /**
   * Payers' evidence files (modules/fee/evidence-service.ts): what one tenant may hold in all, and how
   * long the files of a voided (refused) record stay before jobs/purge-evidence.ts removes them.
   */
  evidence: { tenantMaxBytes: number; voidGraceMs: number };
}

/** An S3-compatible bucket (gateways/file-store/s3.ts). */
export interface S3Settings {
  /** Unset: AWS S3 of the region. */
  endpoint?: string;
  bucket: string;
  region: string;
  /** Both or neither; neither: the SDK's own chain (environment, instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `endpoint/bucket/key` rather than `bucket.endpoint/key` (MinIO and most self-hosted servers). */
  forcePathStyle: boolean;
}

export type FileStoreSettings = { store: 'local' } | { store: 's3'; s3: S3Settings };

/** FILE_STORE and the S3_* settings; a bucket store needs its bucket, and keys come in pairs. */
function fileStoreSettings(e: z.infer<typeof envSchema>): FileStoreSettings {
  if (e.FILE_STORE === 'local') return { store: 'local' };
  const problems: string[] = [];
  if (!e.S3_BUCKET) problems.push('S3_BUCKET is missing');
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY)
    problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  if (e.S3_ENDPOINT && !/^https?:\/\/[^/]/i.test(e.S3_ENDPOINT))
    problems.push('S3_ENDPOINT must be an http(s) URL');
  if (problems.length) throw new ConfigError(`FILE_STORE=s3: ${problems.join('; ')}`);
  return {
    store: 's3',
    s3: {
      endpoint: e.S3_ENDPOINT?.replace(/\/$/, ''),
      bucket: e.S3_BUCKET!,
      region: e.S3_REGION,
      accessKeyId: e.S3_ACCESS_KEY_ID,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY,
      forcePathStyle: e.S3_FORCE_PATH_STYLE,
    },
  };
}

export type TrustProxy = false | number | string[];

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: unset, "false" or "0" = off; a whole number = that many proxy hops in front; else a
 * comma list of proxy addresses or CIDR ranges (or loopback, linklocal, uniquelocal). "true" (trust
 * whatever X-Forwarded-For says) is refused: any caller could then choose its own address.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = raw?.trim().toLowerCase() ?? '';
  if (value === '' || value === 'false' || value === '0') return false;
  if (/^\d+$/.test(value)) return Number(value);
  if (value === 'true')
    throw new ConfigError('TRUST_PROXY=true trusts any caller: give a hop count or the proxy addresses');
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address, prefix, extra] = entry.split('/');
    const family = isIP(address ?? '');
    const prefixOk =
      prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (family === 6 ? 128 : 32));
    if (!PROXY_NAMES.has(entry) && (!family || !prefixOk || extra !== undefined))
      throw new ConfigError(`TRUST_PROXY: "${entry}" is not an address, a CIDR range or a hop count`);
  }
  return entries;
}

export class ConfigError extends Error {}

interface DemoSecrets {
  jwtSecret: string;
  wireAesKey: string;
  sandboxPayKey: string;
}

/** Secrets that demo mode generates once and keeps in the data folder. */
function demoSecrets(dataDir: string): DemoSecrets {
  const file = path.join(dataDir, 'secrets.json');
  const stored = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<DemoSecrets>) : {};
  const secrets: DemoSecrets = {
    jwtSecret: stored.jwtSecret ?? randomBytes(48).toString('base64url'),
    // 32 printable characters: the browser client parses the key as UTF-8.
    wireAesKey: stored.wireAesKey ?? randomBytes(24).toString('base64url').slice(0, 32),
    // Added later than the others: a folder from an older version gains it on its next start.
    sandboxPayKey: stored.sandboxPayKey ?? randomBytes(32).toString('base64url'),
  };
  if (Object.keys(stored).length !== Object.keys(secrets).length) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return secrets;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`Invalid settings: ${detail}`);
  }
  const e = parsed.data;
  // A production install that forgot APP_MODE would otherwise serve the demo outbox and stand-ins.
  if (!e.APP_MODE && e.DATABASE_URL)
    throw new ConfigError(
      'APP_MODE is not set but DATABASE_URL is: set APP_MODE=production (or APP_MODE=demo to run the demo on PostgreSQL)',
    );
  const mode = e.APP_MODE ?? 'demo';
  const dataDir = path.resolve(e.DATA_DIR);
  let jwtSecret = e.JWT_SECRET;
  let wireAesKey = e.WIRE_AES_KEY;
  let clientId = e.CLIENT_ID;
  let clientSecret = e.CLIENT_SECRET;
  let sandboxKey = e.SANDBOX_PAY_KEY;

  if (mode === 'production') {
    const problems: string[] = [];
    const need = (name: string, value: string | undefined) => {
      if (!value) problems.push(`${name} is missing`);
      else if (KNOWN_DEFAULT_SECRETS.has(value)) problems.push(`${name} is a published default`);
    };
    need('JWT_SECRET', jwtSecret);
    need('WIRE_AES_KEY', wireAesKey);
    need('CLIENT_SECRET', clientSecret);
    if (!clientId) problems.push('CLIENT_ID is missing');
    if (jwtSecret && jwtSecret.length < 32) problems.push('JWT_SECRET must have at least 32 characters');
    if (!e.PUBLIC_URL) problems.push('PUBLIC_URL is missing');
    // WeChat Pay posts notifies only to https notify_url addresses; the pay links share this base too.
    else if (!/^https:\/\/[^/]/i.test(e.PUBLIC_URL)) problems.push('PUBLIC_URL must be https');
    if (!e.SMS_HTTP_URL) problems.push('SMS_HTTP_URL is missing');
    if (!e.MAIL_HTTP_URL) problems.push('MAIL_HTTP_URL is missing');
    if (problems.length) throw new ConfigError(`Production mode refuses to start: ${problems.join('; ')}`);
  } else {
    const generated = jwtSecret && wireAesKey ? undefined : demoSecrets(dataDir);
    jwtSecret ??= generated!.jwtSecret;
    wireAesKey ??= generated!.wireAesKey;
    // With both secrets given (tests, several processes on one database) the sandbox key follows
    // from the JWT secret, so every process that shares it verifies the same notifies.
    sandboxKey ??=
      generated?.sandboxPayKey ??
      createHmac('sha256', jwtSecret).update('sandbox-pay-notify').digest('base64url');
    clientId ??= 'saber';
    clientSecret ??= 'saber_secret';
  }
  if (Buffer.byteLength(wireAesKey!, 'utf8') !== 32)
    throw new ConfigError('WIRE_AES_KEY must be 32 characters');

  const publicUrl = e.PUBLIC_URL?.replace(/\/$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dbPoolMax: e.DB_POOL_MAX,
    dataDir,
    files: fileStoreSettings(e),
    mode,
    jwtSecret: jwtSecret!,
    wireAesKey: wireAesKey!,
    clientId: clientId!,
    clientSecret: clientSecret!,
    accessTokenTtl: e.ACCESS_TOKEN_TTL,
    refreshTokenTtl: e.REFRESH_TOKEN_TTL,
    publicUrl,
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN,
    wechat: {
      oauthUrl: e.WECHAT_OAUTH_URL,
      apiUrl: e.WECHAT_API_URL,
      workApiUrl: e.WECHAT_WORK_API_URL,
    },
    sms: { httpUrl: e.SMS_HTTP_URL, httpToken: e.SMS_HTTP_TOKEN },
    mail: { httpUrl: e.MAIL_HTTP_URL, httpToken: e.MAIL_HTTP_TOKEN },
    webDist: e.WEB_DIST,
    adminDist: e.ADMIN_DIST,
    pay: {
      orderExpireMinutes: e.ORDER_EXPIRE_MINUTES,
      payLinkTtl: e.PAY_LINK_TTL,
      // Production never offers the sandbox channel; the key only has to exist.
      sandboxKey: sandboxKey ?? '',
    },
    jobs: {
      enabled: e.JOBS_ENABLED,
      expireInterval: e.JOB_EXPIRE_INTERVAL,
      reconcileInterval: e.JOB_RECONCILE_INTERVAL,
      reconcileAfter: e.RECONCILE_AFTER,
      invoiceInterval: e.JOB_INVOICE_INTERVAL,
      notifyInterval: e.JOB_NOTIFY_INTERVAL,
      reminderRate: e.REMINDER_RATE,
    },
    orderListCache: {
      maxBytes: Math.round(e.ORDER_LIST_CACHE_MB * 1024 * 1024),
      ttlMs: e.ORDER_LIST_CACHE_TTL * 1000,
    },
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    ebill: {
      url: e.EBILL_URL?.replace(/\/$/, ''),
      appId: e.EBILL_APP_ID,
      appKey: e.EBILL_APP_KEY,
      standinDelayMs: e.EBILL_STANDIN_DELAY_MS,
    },
    evidence: {
      tenantMaxBytes: e.EVIDENCE_TENANT_MAX_MB * 1024 * 1024,
      voidGraceMs: e.EVIDENCE_VOID_GRACE_DAYS * 24 * 3600_000,
    },
  };
}
