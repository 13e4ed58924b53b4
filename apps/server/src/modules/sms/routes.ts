/**
 * The public SMS endpoint (HTTP only): sends the code the phone-change popup asks for.
 * The code rules (hashing, life, tries, resend guard, daily cap) live in ./codes.ts.
 */
import { isPhone } from '@cf/shared/validation';
import { smsSendQuery, verifyIdSchema } from '@cf/shared/wire/sms';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema, ok } from '@server/http/envelope';
import { badRequest } from '@server/http/errors';
import { rateLimit } from '@server/http/rate-limit';
import { resolveTenant } from '../system/tenant';
import { sendCode } from './codes';

/**
 * Per client address, on top of the per-phone guard of codes.ts: bounds how many phones one
 * address can text. Generous, because a campus often sits behind one NAT address.
 */
export const SEND_LIMIT_PER_IP = 30;
export const SEND_LIMIT_WINDOW_SECONDS = 600;

export default async function smsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/blade-resource/sms/endpoint/send-validate',
    {
      schema: {
        tags: ['sms'],
        summary: 'Send a 6-digit code to a phone (phone-change popup); data.id is the verify id',
        querystring: smsSendQuery,
        response: { 200: envelopeSchema(verifyIdSchema) },
      },
    },
    async (req) => {
      // Counted before any other work, so refused requests cost the sender too.
      await rateLimit(app.db, `sms-send:ip:${req.ip}`, SEND_LIMIT_PER_IP, SEND_LIMIT_WINDOW_SECONDS);
      const phone = req.query.phone?.trim() ?? '';
      if (!phone) throw badRequest('validate.phoneEmpty');
      if (!isPhone(phone)) throw badRequest('validate.phoneInvalid');
      const tenant = await resolveTenant(req, req.query.tenantId, { requireActive: true });
      const sent = await sendCode(app.db, app.gateways.sms, {
        tenantId: tenant.tenantId,
        phone,
        purpose: 'phone',
        lang: req.lang,
      });
      req.log.info({ tenantId: tenant.tenantId, verifyId: sent.id }, 'verification code sent');
      return ok(sent);
    },
  );
}
