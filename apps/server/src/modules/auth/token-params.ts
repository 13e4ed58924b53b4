/**
 * The token endpoint's parameters (the query schema: @cf/shared/wire/auth). BladeX clients send them in
 * the query string; a form body is accepted too (query wins), and tenant and captcha also come from headers.
 */
import type { TokenQuery } from '@cf/shared/wire/auth';
import type { FastifyRequest } from 'fastify';

export interface TokenParams {
  grantType: string;
  tenantId?: string;
  username?: string;
  password?: string;
  source?: string;
  code?: string;
  refreshToken?: string;
  captchaKey?: string;
  captchaCode?: string;
}

function header(req: FastifyRequest, name: string): string | undefined {
  const value = req.headers[name];
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

export function readTokenParams(req: FastifyRequest, query: TokenQuery): TokenParams {
  const body =
    req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : ({} as const);
  const raw = (name: keyof TokenQuery): string | undefined => {
    const value = query[name] ?? body[name];
    return typeof value === 'string' && value.trim() ? value : undefined;
  };
  const pick = (name: keyof TokenQuery) => raw(name)?.trim();
  return {
    grantType: pick('grant_type') ?? '',
    tenantId: pick('tenantId') ?? header(req, 'tenant-id'),
    username: pick('username'),
    // Not trimmed: an unencoded leading or trailing '+' of the Base64 arrives as a space.
    password: raw('password'),
    source: pick('source'),
    code: pick('code') ?? pick('auth_code'),
    refreshToken: pick('refresh_token'),
    captchaKey: header(req, 'captcha-key'),
    captchaCode: header(req, 'captcha-code'),
  };
}
