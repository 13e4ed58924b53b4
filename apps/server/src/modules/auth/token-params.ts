/**
 * The token endpoint's parameters. BladeX clients send them in the query string; a form body is
 * accepted too (query wins), and tenant and captcha also come from headers.
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

export const tokenQuerySchema = z.object({
  grant_type: z.string().optional().describe('password | social | refresh_token'),
  tenantId: z.string().optional(),
  username: z.string().optional().describe('account or phone'),
  password: z.string().optional().describe('Base64(AES-256-CBC(md5hex(typed)))'),
  scope: z.string().optional(),
  type: z.string().optional(),
  source: z.string().optional().describe('wechat | wxwork'),
  code: z.string().optional(),
  auth_code: z.string().optional().describe('alias of code'),
  state: z.string().optional(),
  refresh_token: z.string().optional(),
});
export type TokenQuery = z.infer<typeof tokenQuerySchema>;

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
