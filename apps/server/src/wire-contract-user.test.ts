/**
 * Issue 10, one wire contract: the routes of the auth, system, client, sms, user and finance-office
 * user/binding areas validate and answer with the very zod objects of packages/shared/src/wire, the
 * ones the web's types are z.infer of (apps/web/src/test/wire-contract.test.ts). A route that grew a
 * schema of its own would drift from the web unseen; this test names it.
 */
import * as adminUsers from '@cf/shared/wire/admin-users';
import * as auth from '@cf/shared/wire/auth';
import * as sms from '@cf/shared/wire/sms';
import * as system from '@cf/shared/wire/system';
import * as user from '@cf/shared/wire/user';
import Fastify, { type FastifySchema } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import adminRoutes from '@server/modules/admin/routes';
import authRoutes from '@server/modules/auth/routes';
import clientRoutes from '@server/modules/client/routes';
import smsRoutes from '@server/modules/sms/routes';
import systemRoutes from '@server/modules/system/routes';
import userRoutes from '@server/modules/user/routes';

type Part = 'querystring' | 'body' | 'params' | 'data' | 'raw';
type Schemas = FastifySchema & { response?: Record<number, z.ZodType> };

/** The wire schema each route takes or answers with: `data` is the envelope's data, `raw` the whole 200 reply. */
const CONTRACT: [route: string, part: Part, schema: z.ZodType][] = [
  ['POST /api/blade-auth/oauth/token', 'querystring', auth.tokenQuerySchema],
  ['POST /api/blade-auth/oauth/token', 'raw', auth.tokenReplySchema],
  ['GET /api/blade-auth/oauth/captcha', 'raw', auth.captchaSchema],
  ['GET /api/blade-auth/oauth/logout', 'data', auth.logoutReplySchema],
  ['GET /api/blade-auth/oauth/user-info', 'data', auth.userInfoSchema],
  ['GET /api/blade-system/client-config', 'data', system.clientConfigSchema],
  ['GET /api/blade-system/param/value', 'querystring', system.paramValueQuery],
  ['GET /api/blade-system/param/value', 'data', system.paramValueSchema],
  ['GET /api/blade-system/param/value-list', 'querystring', system.tenantQuery],
  ['GET /api/blade-system/param/value-list', 'data', system.systemParamsSchema],
  ['GET /api/blade-system/dict/dictionary', 'querystring', system.dictionaryQuery],
  ['GET /api/blade-system/dict/dictionary', 'data', system.dictionarySchema],
  ['GET /api/blade-system/menu/buttons', 'data', system.buttonTreeSchema],
  ['GET /api/blade-system/tenant/mobile-module', 'data', system.mobileModulesSchema],
  ['GET /api/blade-system/tenant/get-by-tenant-id', 'data', system.tenantInfoSchema],
  ['GET /api/blade-system/tenant/list-public', 'data', system.publicTenantsSchema],
  ['POST /api/blade-resource/sms/endpoint/send-validate', 'querystring', sms.smsSendQuery],
  ['POST /api/blade-resource/sms/endpoint/send-validate', 'data', sms.verifyIdSchema],
  ['POST /api/blade-user/check-and-send-validate', 'querystring', user.bindFormSchema],
  ['POST /api/blade-user/check-and-send-validate', 'data', user.bindCodeSchema],
  ['POST /api/blade-user/register-user', 'querystring', user.bindFormSchema],
  ['POST /api/blade-user/register-user', 'data', auth.tokenReplySchema],
  ['POST /api/blade-user/bind-user', 'querystring', user.bindFormSchema],
  ['POST /api/blade-user/bind-user', 'data', auth.tokenReplySchema],
  ['GET /api/blade-user/bind-info', 'data', user.bindInfoSchema],
  ['GET /api/blade-user/get-student-list-by-id-card', 'querystring', user.studentListQuerySchema],
  ['GET /api/blade-user/get-student-list-by-id-card', 'data', user.studentListReplySchema],
  ['POST /api/blade-user/send-validate', 'querystring', user.sendValidateSchema],
  ['POST /api/blade-user/send-validate', 'data', sms.verifyIdSchema],
  ['GET /api/blade-user/step-up-method', 'data', user.stepUpMethodSchema],
  ['POST /api/blade-user/verify-phone', 'querystring', user.verifyPhoneSchema],
  ['POST /api/blade-user/verify-phone', 'data', user.verifyTokenSchema],
  ['POST /api/blade-user/verify-password', 'querystring', user.verifyPasswordSchema],
  ['POST /api/blade-user/verify-password', 'data', user.verifyTokenSchema],
  ['POST /api/blade-user/update-register-phone', 'querystring', user.registerPhoneSchema],
  ['POST /api/blade-user/update-register-phone', 'data', user.doneSchema],
  ['POST /api/blade-user/change-phone', 'querystring', user.changePhoneSchema],
  ['POST /api/blade-user/change-phone', 'data', user.doneSchema],
  ['POST /api/blade-user/change-bank-account', 'querystring', user.bankAccountSchema],
  ['POST /api/blade-user/change-bank-account', 'data', user.doneSchema],
  ['POST /api/blade-user/change-email', 'querystring', user.changeEmailSchema],
  ['POST /api/blade-user/change-email', 'data', user.doneSchema],
  ['POST /api/blade-user/send-email-validate', 'querystring', user.sendEmailValidateSchema],
  ['POST /api/blade-user/send-email-validate', 'data', sms.verifyIdSchema],
  ['POST /api/blade-finance/admin/user/:id/disable', 'data', adminUsers.userStatusSchema],
  ['POST /api/blade-finance/admin/user/:id/enable', 'data', adminUsers.userStatusSchema],
  ['GET /api/blade-finance/admin/binding/list', 'querystring', adminUsers.bindingListQuery],
  ['POST /api/blade-finance/admin/binding/:id/phone', 'params', adminUsers.bindingIdParam],
  ['POST /api/blade-finance/admin/binding/:id/phone', 'data', adminUsers.bindingPhoneSchema],
  ['POST /api/blade-finance/admin/binding/:id/approve', 'params', adminUsers.bindingIdParam],
  ['POST /api/blade-finance/admin/binding/:id/approve', 'data', adminUsers.bindingReviewSchema],
  ['POST /api/blade-finance/admin/binding/:id/refuse', 'params', adminUsers.bindingIdParam],
  ['POST /api/blade-finance/admin/binding/:id/refuse', 'body', adminUsers.refuseBindingBody],
  ['POST /api/blade-finance/admin/binding/:id/refuse', 'data', adminUsers.bindingReviewSchema],
];

const routes = new Map<string, Schemas>();

beforeAll(async () => {
  // The areas' route plugins on a bare instance: registering needs no database, and onRoute sees
  // each route's schema object as the module handed it over.
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.set(`${method} ${route.url}`, route.schema as Schemas);
  });
  for (const plugin of [authRoutes, clientRoutes, systemRoutes, smsRoutes, userRoutes, adminRoutes])
    await app.register(plugin);
  await app.ready();
  await app.close();
});

/** The envelope's `data` schema of a 200 reply. */
const dataOf = (reply: z.ZodType | undefined) => (reply as z.ZodObject | undefined)?.shape.data;

describe('wire contract: the server routes use the schemas of packages/shared/src/wire', () => {
  it.each(CONTRACT)('%s: %s', (route, part, schema) => {
    const schemas = routes.get(route);
    expect(schemas, route).toBeDefined();
    const used =
      part === 'raw'
        ? schemas!.response?.[200]
        : part === 'data'
          ? dataOf(schemas!.response?.[200])
          : schemas![part];
    expect(used === schema, `${route} ${part} is not the wire schema`).toBe(true);
  });

  it('covers every route of these areas', () => {
    const areas =
      /^(GET|POST) \/api\/(blade-auth|blade-system|blade-resource|blade-user|blade-finance\/admin\/(user|binding))\//;
    const named = new Set(CONTRACT.map(([route]) => route));
    expect([...routes.keys()].filter((route) => areas.test(route) && !named.has(route))).toEqual([]);
  });
});
