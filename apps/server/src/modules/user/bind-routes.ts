/** HTTP of binding: check-and-send-validate, register-user, bind-user, bind-info, the student pick list. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { tokenReplySchema } from '@cf/shared/wire/auth';
import { requireAuth } from '@server/modules/auth/guard';
import {
  bindCodeSchema,
  bindFormSchema,
  bindInfoSchema,
  studentListQuerySchema,
  studentListReplySchema,
} from '@cf/shared/wire/user';
import { envelopeSchema, ok } from '@server/http/envelope';
import { bindInfo, studentListByIdCard } from './bind-info-service';
import { bindCaller, sendBindCode } from './bind-service';
import { userCtx } from './context';

const tags = ['user'];
const security = [{ bladeAuth: [] }];

export function registerBindRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/blade-user/check-and-send-validate',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        security,
        summary:
          'Validate the bind form (without the code), find the person, send the SMS code to the phone the finance office holds for them (else the typed phone)',
        querystring: bindFormSchema,
        body: bindFormSchema.nullish(),
        response: { 200: envelopeSchema(bindCodeSchema) },
      },
    },
    async (req) => ok(await sendBindCode(userCtx(req), { ...req.query, ...req.body })),
  );

  for (const [path, action] of [
    ['/api/blade-user/register-user', 'register'],
    ['/api/blade-user/bind-user', 'bind'],
  ] as const) {
    r.post(
      path,
      {
        preHandler: requireAuth,
        schema: {
          tags,
          security,
          summary:
            action === 'register'
              ? 'Register a WeChat visitor: create the user, link the WeChat identity, bind; answers fresh tokens'
              : 'Bind (or rebind) the signed-in user or a WeChat visitor; answers fresh tokens',
          querystring: bindFormSchema,
          body: bindFormSchema.nullish(),
          response: { 200: envelopeSchema(tokenReplySchema) },
        },
      },
      async (req) => ok(await bindCaller(userCtx(req), { ...req.query, ...req.body }, action)),
    );
  }

  r.get(
    '/api/blade-user/bind-info',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        security,
        summary: "The caller's binding and finance profile (identity numbers masked)",
        response: { 200: envelopeSchema(bindInfoSchema) },
      },
    },
    async (req) => ok(await bindInfo(userCtx(req))),
  );

  r.get(
    '/api/blade-user/get-student-list-by-id-card',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        security,
        summary:
          'A step of binding: students of the caller\'s tenant with the ID card and name. `data` = Base64 AES of {"idCard","realName"}; reply data = Base64 AES of [{studentNo, studentName (masked), startYear}]',
        querystring: studentListQuerySchema,
        response: { 200: envelopeSchema(studentListReplySchema) },
      },
    },
    async (req) => ok(await studentListByIdCard(userCtx(req), req.query.data)),
  );
}
