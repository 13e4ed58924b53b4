/** HTTP of the auth area: token (password, social, refresh grants), captcha, logout, user info. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  captchaSchema,
  logoutReplySchema,
  oauthErrorSchema,
  tokenQuerySchema,
  tokenReplySchema,
  userInfoSchema,
} from '@cf/shared/wire/auth';
import { clientAuthorized, requireAuth } from './guard';
import { envelopeSchema, ok } from '@server/http/envelope';
import { OAuthError, TOKEN_ENDPOINT, unauthorized } from '@server/http/errors';
import { rateLimit } from '@server/http/rate-limit';
import { createCaptcha } from './captcha';
import { CAPTCHA_LIMIT_PER_IP, grantToken, limitTokenCalls, userInfo } from './service';
import { readTokenParams } from './token-params';
import { revokeSession } from './tokens';

export default async function authRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.post(
    TOKEN_ENDPOINT,
    {
      schema: {
        tags: ['auth'],
        summary: 'Token: password, social (WeChat) and refresh_token grants; raw BladeX token JSON',
        security: [{ client: [] }],
        querystring: tokenQuerySchema,
        response: {
          200: tokenReplySchema,
          400: oauthErrorSchema,
          401: oauthErrorSchema,
          429: oauthErrorSchema,
          500: oauthErrorSchema,
          502: oauthErrorSchema,
        },
      },
    },
    async (req) => {
      await limitTokenCalls(app.db, req.ip);
      if (!clientAuthorized(req)) throw new OAuthError(401, 'auth.badClient');
      const deps = { db: app.db, config: app.config, gateways: app.gateways, log: req.log, ip: req.ip };
      return grantToken(deps, readTokenParams(req, req.query));
    },
  );

  app.get(
    '/api/blade-auth/oauth/captcha',
    {
      schema: {
        tags: ['auth'],
        summary: 'A new image captcha (raw {key, image}; image is an SVG data URL)',
        response: { 200: captchaSchema },
      },
    },
    async (req) => {
      await rateLimit(app.db, `captcha:ip:${req.ip}`, CAPTCHA_LIMIT_PER_IP, 60);
      return createCaptcha(app.db);
    },
  );

  app.get(
    '/api/blade-auth/oauth/logout',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['auth'],
        summary: 'Ends the session: its access and refresh tokens stop working',
        security: [{ bladeAuth: [] }],
        response: { 200: envelopeSchema(logoutReplySchema) },
      },
    },
    async (req) => {
      await revokeSession(app.db, req.auth.sessionId);
      return ok(true);
    },
  );

  app.get(
    '/api/blade-auth/oauth/user-info',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['auth'],
        summary: 'The signed-in person with roles; a WeChat visitor has userId "0" and bound false',
        security: [{ bladeAuth: [] }],
        response: { 200: envelopeSchema(userInfoSchema) },
      },
    },
    async (req) => {
      const info = await userInfo(app.db, req.auth);
      if (!info) throw unauthorized('auth.tokenInvalid');
      return ok(info);
    },
  );
}
