/**
 * /api/blade-finance/signature/* (HTTP only): an order's signature state, confirming it once, and its
 * PNG (image/png, nosniff, private). The order id is the path's {id}.
 * The sign-in is checked on request, before the body: a caller without one is told so (401) first.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, ok } from '@server/http/envelope';
import { requireAuth } from '@server/modules/auth/guard';
import { idParam } from '@cf/shared/wire/fields';
import { signatureStateSchema, submitSignatureBody } from '@cf/shared/wire/signature';
import { signatureImage, signatureState, submitSignature } from './service';

const tags = ['signature'];
const security = [{ bladeAuth: [] }];

export default async function signatureRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/blade-finance/signature/detail/:id',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        security,
        summary: 'Whether the order asks for a signature (before or after payment), and whether it is signed',
        params: idParam,
        response: { 200: envelopeSchema(signatureStateSchema) },
      },
    },
    async (req) => ok(await signatureState(app.db, req.auth, req.params.id)),
  );

  app.post(
    '/api/blade-finance/signature/submit/:id',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        security,
        summary:
          "Confirm the order's signature: a trimmed PNG (Base64, ≤ 200 KB) and its strokes; once, by the order's creator",
        params: idParam,
        body: submitSignatureBody,
        response: { 200: envelopeSchema(signatureStateSchema) },
      },
    },
    async (req) => ok(await submitSignature(app.db, req.auth, req.params.id, req.body)),
  );

  app.get(
    '/api/blade-finance/signature/image/:id',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        security,
        summary: "The order's signature as image/png (to whoever may see the order)",
        params: idParam,
        response: { 200: z.any().describe('image/png') },
      },
    },
    async (req, reply) => {
      const png = await signatureImage(app.db, req.auth, req.params.id);
      return reply
        .type('image/png')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .header('Content-Disposition', 'inline; filename="signature.png"')
        .send(png);
    },
  );
}
