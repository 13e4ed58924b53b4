/**
 * One request-level check of every route: text that reaches the code must not carry a NUL byte or
 * another control character (PostgreSQL refuses NUL in text, logs and headers get forged lines), nor
 * half of a UTF-16 surrogate pair (it cannot be stored as UTF-8). Refused with 400 before any route
 * runs: the URL (raw, and its decoded path params and query), headers, and the strings of a parsed
 * JSON or form body (keys too). Bodies may carry tab, line feed and carriage return (a note); URLs and
 * headers may not, except a tab in a header. Raw string bodies (signed channel notifies) are left to
 * their signature check.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors';

/* eslint-disable no-control-regex -- finding control characters is what this file is for */
/** In a URL: every C0 control and DEL. */
const UNSAFE_IN_URL = /[\u0000-\u001f\u007f]/;
/** In a header value: the same but tab. */
const UNSAFE_IN_HEADER = /[\u0000-\u0008\u000a-\u001f\u007f]/;
/** In body text: the same but tab, line feed and carriage return. */
const UNSAFE_IN_BODY = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/** A percent-encoded C0 control or DEL in the raw URL. */
const ENCODED_CONTROL = /%(?:[01][0-9a-f]|7f)/i;
/* eslint-enable no-control-regex */
/** Half of a surrogate pair without its other half. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const unsafeCharacters = () => new AppError(400, 'common.unsafeCharacters');

/** True when a string, or any string key or value inside an object or array, is unsafe. */
function carriesUnsafeText(value: unknown, unsafe: RegExp): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (unsafe.test(next) || LONE_SURROGATE.test(next)) return true;
    } else if (Array.isArray(next)) {
      pending.push(...next);
    } else if (next !== null && typeof next === 'object' && !Buffer.isBuffer(next)) {
      for (const [key, inner] of Object.entries(next)) pending.push(key, inner);
    }
  }
  return false;
}

export function checkUrlAndHeaders(req: FastifyRequest): void {
  if (UNSAFE_IN_URL.test(req.url) || ENCODED_CONTROL.test(req.url)) throw unsafeCharacters();
  if (carriesUnsafeText(req.params, UNSAFE_IN_URL) || carriesUnsafeText(req.query, UNSAFE_IN_URL))
    throw unsafeCharacters();
  if (carriesUnsafeText(req.headers, UNSAFE_IN_HEADER)) throw unsafeCharacters();
}

export function checkBody(req: FastifyRequest): void {
  // A raw string body is a channel's signed notify: its signature check decides.
  if (typeof req.body === 'object' && carriesUnsafeText(req.body, UNSAFE_IN_BODY)) throw unsafeCharacters();
}

/** Registers the check on the whole app (call before the routes are registered). */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (req) => checkUrlAndHeaders(req));
  app.addHook('preValidation', async (req) => checkBody(req));
}
