/** Blade-Auth bearer tokens and the Basic client header: the pre-handlers of signed-in routes. */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { unauthorized } from '@server/http/errors';
import { verifyAccessToken } from './tokens';

export function bearerToken(req: FastifyRequest): string | null {
  const raw = (req.headers['blade-auth'] as string | undefined) ?? req.headers.authorization;
  if (!raw) return null;
  const match = /^bearer\s+(.+)$/i.exec(raw.trim());
  return match?.[1] ?? null;
}

/** Pre-handler of every signed-in route: 401 in the Blade shape for a missing, expired or forged token. */
export async function requireAuth(req: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const token = bearerToken(req);
  if (!token) throw unauthorized('auth.unauthorized');
  const auth = await verifyAccessToken(req.server.db, req.server.config, token);
  if (!auth) throw unauthorized('auth.tokenInvalid');
  req.auth = auth;
}

/** Pre-handler for routes that need a bound user (a real user id), not just a WeChat visitor. */
export async function requireUser(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  await requireAuth(req, reply);
  if (req.auth.userId <= 0) throw unauthorized('bind.notBound');
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Checks `Authorization: Basic base64(client_id:client_secret)`. */
export function clientAuthorized(req: FastifyRequest): boolean {
  const raw = req.headers.authorization;
  const match = raw ? /^basic\s+(.+)$/i.exec(raw.trim()) : null;
  if (!match?.[1]) return false;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const sep = decoded.indexOf(':');
  if (sep < 0) return false;
  const { clientId, clientSecret } = req.server.config;
  return safeEqual(decoded.slice(0, sep), clientId) && safeEqual(decoded.slice(sep + 1), clientSecret);
}
