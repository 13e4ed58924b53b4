/**
 * Demo mode only (registered by ./routes.ts): the finance e-bill platform stand-in
 * (gateways/ebill/standin.ts) at /api/dev/ebill/<method>, answering the platform's signed JSON.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ebillMethodParams } from '@cf/shared/wire/invoice';
import { DEV_EBILL_PREFIX } from '@server/gateways/ebill/standin';

export default async function ebillStandinRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const standin = app.gateways.ebillStandin!;
  app.post(
    `${DEV_EBILL_PREFIX}/:method`,
    {
      schema: {
        tags: ['dev'],
        summary: 'Demo: the e-bill platform stand-in (signed JSON: appid, data, noise, version, sign)',
        params: ebillMethodParams,
      },
    },
    async (req, reply) => {
      const answer = await standin.handle(req.params.method, req.body);
      return reply.status(answer.status).send(answer.body);
    },
  );
}
