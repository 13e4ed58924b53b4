/** HTTP of the profile changes: codes, phone proof, login phone, reserved phone, bank card, e-mail. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { verifyIdSchema } from '@cf/shared/wire/sms';
import {
  bankAccountSchema,
  changeEmailSchema,
  changePhoneSchema,
  doneSchema,
  registerPhoneSchema,
  sendEmailValidateSchema,
  sendValidateSchema,
  stepUpMethodSchema,
  verifyPasswordSchema,
  verifyPhoneSchema,
  verifyTokenSchema,
} from '@cf/shared/wire/user';
import type { z } from 'zod';
import { requireUser } from '@server/modules/auth/guard';
import { envelopeSchema, ok } from '@server/http/envelope';
import { userCtx } from './context';
import { changeEmail, sendEmailCode } from './email-change-service';
import { changeBankAccount, changeReservedPhone, sendUserCode, updateRegisterPhone } from './profile-service';
import { stepUpMethod, verifyPassword, verifyReservedPhone } from './step-up-service';

const tags = ['user'];
const security = [{ bladeAuth: [] }];
const done = envelopeSchema(doneSchema);

export function registerProfileRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Each form is accepted in the body or the query string (BladeX clients use both).
  const form = <T extends z.ZodObject>(schema: T) => ({ querystring: schema, body: schema.nullish() });

  r.post(
    '/api/blade-user/send-validate',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary:
          'Send a code to a new phone (captcha needed) or, without phone, to the finance-reserved phone',
        ...form(sendValidateSchema),
        response: { 200: envelopeSchema(verifyIdSchema) },
      },
    },
    async (req) => ok(await sendUserCode(userCtx(req), { ...req.query, ...req.body })),
  );

  r.post(
    '/api/blade-user/send-email-validate',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary:
          'Mail a code to a new finance-reserved e-mail address (format, length <= 64); needs the unspent verifyToken change-email will use',
        ...form(sendEmailValidateSchema),
        response: { 200: envelopeSchema(verifyIdSchema) },
      },
    },
    async (req) => ok(await sendEmailCode(userCtx(req), { ...req.query, ...req.body })),
  );

  r.get(
    '/api/blade-user/step-up-method',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary:
          'How the caller proves themselves before a phone change: sms (phone shown masked), password or none',
        response: { 200: envelopeSchema(stepUpMethodSchema) },
      },
    },
    async (req) => ok(await stepUpMethod(userCtx(req))),
  );

  r.post(
    '/api/blade-user/verify-phone',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary:
          'Check the code sent to the phone held now; answers a 10-minute single-use verifyToken (purpose finance: phone held 24 h)',
        ...form(verifyPhoneSchema),
        response: { 200: envelopeSchema(verifyTokenSchema) },
      },
    },
    async (req) => ok(await verifyReservedPhone(userCtx(req), { ...req.query, ...req.body })),
  );

  r.post(
    '/api/blade-user/verify-password',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'For a caller holding no phone: the password answers a verifyToken for setting one',
        ...form(verifyPasswordSchema),
        response: { 200: envelopeSchema(verifyTokenSchema) },
      },
    },
    async (req) => ok(await verifyPassword(userCtx(req), { ...req.query, ...req.body })),
  );

  r.post(
    '/api/blade-user/update-register-phone',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary:
          'Change the login phone: verifyToken of the phone held now, then an SMS code to the new one when account_registerPhone is 1',
        ...form(registerPhoneSchema),
        response: { 200: done },
      },
    },
    async (req) => {
      await updateRegisterPhone(userCtx(req), { ...req.query, ...req.body });
      return ok(true as const);
    },
  );

  r.post(
    '/api/blade-user/change-phone',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary:
          'Change the finance-reserved phone: verifyToken of the phone held now, then the code send-validate sent to the new one',
        ...form(changePhoneSchema),
        response: { 200: done },
      },
    },
    async (req) => {
      await changeReservedPhone(userCtx(req), { ...req.query, ...req.body });
      return ok(true as const);
    },
  );

  r.post(
    '/api/blade-user/change-bank-account',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary:
          'Change the bank card: 16-19 digits passing Luhn, a bank of the tenant dictionary `bank`, province and city of GB/T 2260, button bank_change, a verifyToken from verify-phone (phone held 24 h)',
        ...form(bankAccountSchema),
        response: { 200: done },
      },
    },
    async (req) => {
      await changeBankAccount(userCtx(req), { ...req.query, ...req.body });
      return ok(true as const);
    },
  );

  r.post(
    '/api/blade-user/change-email',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary:
          'Change the finance-reserved e-mail: verifyToken (phone held 24 h) plus the code send-email-validate mailed to the new address; both addresses are notified',
        ...form(changeEmailSchema),
        response: { 200: done },
      },
    },
    async (req) => {
      await changeEmail(userCtx(req), { ...req.query, ...req.body });
      return ok(true as const);
    },
  );
}
