/**
 * What each setting of config.ts's schema means, and the table of docs/operations.md rendered from
 * both (`npm run docs:settings` writes it; config-docs.test.ts fails when the guide and the schema drift).
 * The record is typed by the schema's names: a new setting does not typecheck until it is described here.
 */
import { envSchema } from './config';

export type SettingName = keyof typeof envSchema.shape;

interface SettingDoc {
  /** One line for the table (no `|`). */
  meaning: string;
  /** Shown instead of the schema's default where that is decided by the mode or in code. */
  shownDefault?: string;
}

export const SETTING_DOCS: Record<SettingName, SettingDoc> = {
  PORT: { meaning: 'HTTP port' },
  HOST: { meaning: 'listen address; `127.0.0.1` when nginx on the same machine is the only way in' },
  DATABASE_URL: {
    meaning:
      'PostgreSQL URL (15+), e.g. `postgres://campus:…@127.0.0.1:5432/campus`; unset: PGlite in `DATA_DIR`',
  },
  DATA_DIR: {
    meaning:
      "PGlite's files, its lock file, demo mode's generated secrets and (with `FILE_STORE=local`) the uploaded files: notice attachments (`notice-files/`) and payment evidence (`bill-evidence/<tenant>/`); relative to the server's folder: `apps/server`",
  },
  FILE_STORE: {
    meaning:
      'where uploaded files live: `local` = the folder under `DATA_DIR` (one server, or a folder every process mounts); `s3` = an S3-compatible bucket (AWS S3, MinIO, Aliyun OSS, Tencent COS) shared by every process (see File store below)',
  },
  S3_ENDPOINT: {
    meaning:
      'the S3-compatible service, e.g. `https://oss-cn-hangzhou.aliyuncs.com`, `https://cos.ap-shanghai.myqcloud.com`, `http://127.0.0.1:9000` (MinIO); unset: AWS S3 of `S3_REGION`',
  },
  S3_BUCKET: {
    meaning:
      "the bucket (private: only the server's key may read or write it); required with `FILE_STORE=s3`",
  },
  S3_REGION: { meaning: "the bucket's region (MinIO: any, e.g. `us-east-1`)" },
  S3_ACCESS_KEY_ID: {
    meaning:
      "the server's access key; with `S3_SECRET_ACCESS_KEY`, or neither (the SDK's own chain: environment, instance role)",
  },
  S3_SECRET_ACCESS_KEY: { meaning: "the access key's secret (never logged)" },
  S3_FORCE_PATH_STYLE: {
    meaning:
      '`true`: `endpoint/bucket/key` addresses (MinIO and most self-hosted servers); `false`: `bucket.endpoint/key` (AWS, OSS, COS)',
  },
  APP_MODE: {
    meaning:
      '`production` or `demo` (seeded data, stand-ins, generated secrets); must be set when `DATABASE_URL` is',
    shownDefault: '`demo` without `DATABASE_URL`',
  },
  JWT_SECRET: {
    meaning:
      'HS256 key of access tokens, pay links and verify tokens (production: required, ≥ 32 characters, not a published default)',
    shownDefault: 'demo: generated',
  },
  WIRE_AES_KEY: {
    meaning: '32-character AES key of the wire crypto (passwords, ID-card lookups); served to the browser',
    shownDefault: 'demo: generated',
  },
  CLIENT_ID: {
    meaning:
      'the Basic client id of the browser app (production: required; build the web app with the same `VITE_CLIENT_ID`)',
    shownDefault: 'demo: `saber`',
  },
  CLIENT_SECRET: {
    meaning:
      'the Basic client secret (production: required, not a published default; build the web app with the same `VITE_CLIENT_SECRET`)',
    shownDefault: 'demo: `saber_secret`',
  },
  ACCESS_TOKEN_TTL: { meaning: 'access token lifetime, seconds' },
  REFRESH_TOKEN_TTL: { meaning: 'refresh token lifetime, seconds' },
  PUBLIC_URL: {
    meaning:
      'the public address, e.g. `https://pay.example.edu` (production: required; OAuth redirects, pay notifies)',
  },
  LOG_LEVEL: { meaning: 'pino level: `fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`' },
  METRICS_TOKEN: {
    meaning:
      'bearer token (≥ 16 characters) Prometheus sends to `GET /metrics` as `Authorization: Bearer …`; unset: `/metrics` answers 404',
  },
  WECHAT_OAUTH_URL: { meaning: 'WeChat authorize page (production)' },
  WECHAT_API_URL: { meaning: 'official-account code exchange (production)' },
  WECHAT_WORK_API_URL: { meaning: 'enterprise WeChat code exchange (production)' },
  SMS_HTTP_URL: {
    meaning:
      "the deployment's SMS provider, for schools without their own: a JSON `POST {phone, text, sender?}` (production: required; demo: the dev outbox)",
  },
  SMS_HTTP_TOKEN: { meaning: 'bearer token sent to `SMS_HTTP_URL`' },
  MAIL_HTTP_URL: {
    meaning:
      "the deployment's mail provider, for schools without their own: a JSON `POST {to, subject, body, sender?}` (production: required; demo: the dev outbox)",
  },
  MAIL_HTTP_TOKEN: { meaning: 'bearer token sent to `MAIL_HTTP_URL`' },
  WEB_DIST: { meaning: 'the built web app served at `/`', shownDefault: '`apps/web/dist`' },
  ADMIN_DIST: {
    meaning: "the built finance office's console served at `/admin/`",
    shownDefault: '`apps/admin/dist`',
  },
  DB_POOL_MAX: { meaning: 'PostgreSQL connections per process (the pool)' },
  ORDER_EXPIRE_MINUTES: { meaning: 'an unpaid order closes after this many minutes' },
  PAY_LINK_TTL: {
    meaning: "pay link (`payAuthToken`) lifetime, seconds; never beyond the order's expiry",
  },
  SANDBOX_PAY_KEY: {
    meaning: "HMAC-SHA256 key of the sandbox channel's notifies (the sandbox runs in demo mode only)",
    shownDefault: 'demo: generated',
  },
  JOBS_ENABLED: {
    meaning: 'run the expiry and reconciliation jobs in this process (several processes may)',
  },
  JOB_EXPIRE_INTERVAL: { meaning: 'seconds between runs of the job closing expired orders' },
  JOB_RECONCILE_INTERVAL: {
    meaning: 'seconds between runs of the job asking channels about PAYING orders and pending refunds',
  },
  RECONCILE_AFTER: {
    meaning: 'a PAYING order (or a pending refund) is asked about once it is this many seconds old',
  },
  ORDER_LIST_CACHE_MB: {
    meaning: 'memory per process for cached order-list pages (dropped on every order change); `0`: off',
  },
  EVIDENCE_TENANT_MAX_MB: {
    meaning:
      "megabytes of payers' other-means evidence files one school may hold; an upload past it is refused (the console's settings show the use)",
  },
  EVIDENCE_VOID_GRACE_DAYS: {
    meaning:
      'days the evidence files of a refused (voided) other-means record are kept before a job removes them',
  },
  ORDER_LIST_CACHE_TTL: { meaning: 'seconds a cached order-list page is served at most' },
  TRUST_PROXY: {
    meaning:
      'proxies that may set `X-Forwarded-For`: unset = none (the TCP peer is the caller), a hop count, or a comma list of proxy addresses/CIDRs (see TRUST_PROXY below)',
    shownDefault: 'off',
  },
  EBILL_URL: {
    meaning:
      'base URL of the finance e-bill (财政电子票据) platform for invoices; unset in demo mode = the stand-in under /api/dev/ebill; unset in production = invoice requests wait unsent',
    shownDefault: 'demo: stand-in',
  },
  EBILL_APP_ID: { meaning: 'app id at the e-bill platform' },
  EBILL_APP_KEY: {
    meaning: 'app key signing the e-bill requests and answers (MD5 over the sorted parameters)',
  },
  EBILL_STANDIN_DELAY_MS: {
    meaning: 'milliseconds each answer of the demo e-bill stand-in waits (a slow platform)',
  },
  JOB_INVOICE_INTERVAL: {
    meaning:
      'seconds between runs of the job sending invoice requests to the e-bill platform and asking about them',
  },
  JOB_NOTIFY_INTERVAL: {
    meaning:
      'seconds between runs of the job sending messages to people (WeChat template messages, SMS): receipts, refunds, invoices, bindings, bills, salary, security notices, fee reminders; also starts due reminder campaigns',
  },
  REMINDER_RATE: {
    meaning:
      "fee reminders (催缴) handed to WeChat or the SMS provider per second and school, at most (the providers' rate limit); a campaign of N people takes at least N / this seconds",
  },
};

export interface SettingRow {
  name: string;
  default: string;
  meaning: string;
}

/** The default as the table shows it: the schema's own (what an unset variable parses to), or the doc's. */
function shownDefault(name: SettingName): string {
  const doc = SETTING_DOCS[name];
  if (doc.shownDefault) return doc.shownDefault;
  const parsed = envSchema.shape[name].safeParse(undefined);
  return parsed.success && parsed.data !== undefined ? `\`${String(parsed.data)}\`` : 'unset';
}

/** One row per setting, in the schema's order. */
export function settingRows(): SettingRow[] {
  return (Object.keys(envSchema.shape) as SettingName[]).map((name) => ({
    name: `\`${name}\``,
    default: shownDefault(name),
    meaning: SETTING_DOCS[name].meaning,
  }));
}

export const SETTINGS_START = '<!-- settings:start (generated by npm run docs:settings) -->';
export const SETTINGS_END = '<!-- settings:end -->';

/** The markdown table (prettier aligns its columns when the guide is written). */
export function settingsTable(): string {
  const lines = ['| name | default | meaning |', '| --- | --- | --- |'];
  for (const row of settingRows()) lines.push(`| ${row.name} | ${row.default} | ${row.meaning} |`);
  return lines.join('\n');
}

/** The rows of the table between the markers of a markdown document, cell text trimmed. */
export function tableRowsIn(markdown: string): SettingRow[] {
  const start = markdown.indexOf(SETTINGS_START);
  const end = markdown.indexOf(SETTINGS_END);
  if (start < 0 || end < start) throw new Error('the settings markers are missing');
  return markdown
    .slice(start + SETTINGS_START.length, end)
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .slice(2)
    .map((line) => {
      const [name = '', shown = '', meaning = ''] = line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim());
      return { name, default: shown, meaning };
    });
}

/** The document with its table (between the markers) replaced by the one the schema gives. */
export function withSettingsTable(markdown: string): string {
  const start = markdown.indexOf(SETTINGS_START);
  const end = markdown.indexOf(SETTINGS_END);
  if (start < 0 || end < start) throw new Error('the settings markers are missing');
  return `${markdown.slice(0, start + SETTINGS_START.length)}\n\n${settingsTable()}\n\n${markdown.slice(end)}`;
}
