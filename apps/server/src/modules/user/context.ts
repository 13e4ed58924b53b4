/** What the user module's services need from a request, so they do not reach into Fastify. */
import type { Language } from '@cf/shared/messages';
import type { FastifyRequest } from 'fastify';
import type { Config } from '@server/config';
import type { Db } from '@server/db/client';
import type { Gateways } from '@server/gateways';
import type { AuthContext } from '@server/http/context';

export interface UserCtx {
  db: Db;
  config: Config;
  gateways: Gateways;
  auth: AuthContext;
  lang: Language;
  /** For the audit log's ip and for log lines. */
  req: FastifyRequest;
}

export function userCtx(req: FastifyRequest): UserCtx {
  return {
    db: req.server.db,
    config: req.server.config,
    gateways: req.server.gateways,
    auth: req.auth,
    lang: req.lang,
    req,
  };
}

/** Rate-limit key of the caller: the user once bound, else the WeChat identity (or the session). */
export function callerKey(auth: AuthContext): string {
  if (auth.userId > 0) return `u${auth.userId}`;
  return auth.oauthId ? `o${auth.oauthId}` : `s${auth.sessionId}`;
}
