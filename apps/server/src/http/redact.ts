/**
 * The one redaction list of the logs: query parameters, headers and fields whose values are secrets
 * (passwords, tokens, WeChat codes and app secrets, pay links, verification codes, signatures).
 * The app's logger (loggerOptions) applies it to every line: the request URL, errors, logged objects
 * and messages. A secret's value becomes REDACTED; its name stays, so a line still says what came.
 */
import type { FastifyRequest } from 'fastify';
import pino, { type LoggerOptions } from 'pino';

export const REDACTED = '[REDACTED]';

/** Names (lower case) that are secrets as a whole: parameters, headers, fields. */
const SECRET_NAMES = new Set([
  'code', // WeChat OAuth code (token endpoint, stand-in code exchange); see FIELD_NOT_SECRET
  'auth_code',
  'authcode',
  'verifycode', // SMS verification code
  'verify_code',
  'captcha-code',
  'captchacode',
  'captcha_code',
  'authorization',
  'proxy-authorization',
  'blade-auth',
  'cookie',
  'set-cookie',
  'x-api-key',
  'idcard',
]);

/** Parts of names that make any name a secret: refresh_token, payAuthToken, appsecret, paySign... */
const SECRET_PARTS = [
  'password',
  'passwd',
  'secret',
  'token',
  'sign',
  'ticket',
  'cookie',
  'credential',
  'hmac',
];

/**
 * The one rule of signed links (a notice attachment's `sig`, an invoice file's `token`, a pay link's
 * `payAuthToken`): whatever makes a link work without a sign-in is a signature or a token by name,
 * `sig` or a name ending in it included, and its value never reaches a log line. The link's other
 * parameters (`expires`, `user`) stay: without the signature they open nothing.
 */
const SIGNATURE_SUFFIXES = ['sig'];

/** In a logged object (not a query or header) `code` is an error's code, kept for the reader. */
const FIELD_NOT_SECRET = new Set(['code']);

export function isSecretName(name: string, where: 'param' | 'field' = 'param'): boolean {
  const lower = name.toLowerCase();
  if (where === 'field' && FIELD_NOT_SECRET.has(lower)) return false;
  return (
    SECRET_NAMES.has(lower) ||
    SECRET_PARTS.some((part) => lower.includes(part)) ||
    SIGNATURE_SUFFIXES.some((suffix) => lower.endsWith(suffix))
  );
}

const decode = (text: string) => {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
};

/** `name=value` after `?`, `&` or `;` — a query string inside a URL or any other text. */
const PARAM = /([?&;])([^=&?#;\s"']+)=([^&#;\s"']*)/g;

/** The text with the value of every secret-bearing `name=value` pair replaced. */
export function redactText(text: string): string {
  return text.replace(PARAM, (whole, sep: string, name: string, value: string) =>
    value && isSecretName(decode(name)) ? `${sep}${name}=${REDACTED}` : whole,
  );
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
};

/** A copy of a logged value with secret fields and secret parameters in strings redacted. */
export function redactValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactText(value);
  if (depth > 5) return value;
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1));
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] =
      isSecretName(key, 'field') && item !== undefined && item !== null && item !== ''
        ? REDACTED
        : redactValue(item, depth + 1);
  }
  return out;
}

/** Fastify's request fields of the request log, with the query's secrets redacted. */
function serializeRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactText(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/** A failed query's message lists its bound values (`params: a,b,...`): they may be secrets. */
const QUERY_PARAMS = /(params: )[^\n]*/g;

function serializeError(err: Error) {
  // pino's serialized error has its own prototype: copy its fields into a plain object first.
  const fields: Record<string, unknown> = { ...pino.stdSerializers.err(err) };
  for (const key of ['message', 'stack'] as const) {
    if (typeof fields[key] === 'string')
      fields[key] = (fields[key] as string).replace(QUERY_PARAMS, `$1${REDACTED}`);
  }
  // drizzle's DrizzleQueryError carries them as a field too (and its cause, pg's error, does not).
  if (Array.isArray(fields.params)) fields.params = REDACTED;
  return redactValue(fields);
}

/** The redacting part of the app's logger options; `base` (level, stream, ...) is kept. */
export function loggerOptions(base: LoggerOptions & Record<string, unknown>): LoggerOptions {
  return {
    ...base,
    serializers: { ...base.serializers, req: serializeRequest, err: serializeError },
    formatters: {
      ...base.formatters,
      log: (object) => redactValue(object) as Record<string, unknown>,
    },
    hooks: {
      logMethod(args, method) {
        const safe = args.map((arg: unknown) => (typeof arg === 'string' ? redactText(arg) : arg));
        method.apply(this, safe as Parameters<typeof method>);
      },
    },
  };
}
