/**
 * Test support: the sign-in steps a browser client takes (captcha, its text from the demo route,
 * the password grant), so tests of the token endpoint read like the flow they check.
 */
import type { FastifyInstance } from 'fastify';
import { basicAuth, wirePassword, type TestContext } from './helpers';

export async function newCaptcha(app: FastifyInstance): Promise<{ key: string; text: string }> {
  const captcha = await app.inject({ method: 'GET', url: '/api/blade-auth/oauth/captcha' });
  const key = captcha.json<{ key: string }>().key;
  const dev = await app.inject({ method: 'GET', url: `/api/dev/captcha/${key}` });
  return { key, text: dev.json<{ data: { text: string } }>().data.text };
}

export interface PasswordLogin {
  tenantId?: string;
  username: string;
  /** The typed password; `wire` overrides what is sent. */
  password?: string;
  wire?: string;
  captcha?: { key: string; text: string } | null;
  lang?: 'zh' | 'en';
  headers?: Record<string, string>;
  /** The caller's address (the socket's; X-Forwarded-For counts only behind TRUST_PROXY). */
  remoteAddress?: string;
}

/** POSTs a password grant as a BladeX browser client does (params in the query string). */
export async function passwordLogin(ctx: TestContext, login: PasswordLogin) {
  const captcha = login.captcha === undefined ? await newCaptcha(ctx.app) : login.captcha;
  const query = new URLSearchParams({
    tenantId: login.tenantId ?? '100001',
    username: login.username,
    password: login.wire ?? wirePassword(login.password ?? 'Demo@2024'),
    grant_type: 'password',
    scope: 'all',
    type: 'account',
  });
  return ctx.app.inject({
    method: 'POST',
    url: `/api/blade-auth/oauth/token?${query.toString()}`,
    ...(login.remoteAddress ? { remoteAddress: login.remoteAddress } : {}),
    headers: {
      authorization: basicAuth(ctx.config),
      'user-type': 'APP',
      'accept-language': login.lang ?? 'en',
      ...(captcha ? { 'captcha-key': captcha.key, 'captcha-code': captcha.text } : {}),
      ...login.headers,
    },
  });
}

/** POSTs any grant with the client header; `params` go in the query string. */
export function tokenRequest(
  ctx: TestContext,
  params: Record<string, string>,
  headers: Record<string, string> = {},
  remoteAddress?: string,
) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/blade-auth/oauth/token?${new URLSearchParams(params).toString()}`,
    ...(remoteAddress ? { remoteAddress } : {}),
    headers: { authorization: basicAuth(ctx.config), 'accept-language': 'en', ...headers },
  });
}

export const bearer = (token: string) => ({ 'blade-auth': `bearer ${token}` });
