/**
 * What a browser client needs before it can sign in: the client id and the wire key. BladeX clients
 * ship both inside their bundle, so they are public by design; serving them lets demo mode generate
 * the key per installation and lets production rotate it without rebuilding the app.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clientConfigSchema } from '@cf/shared/wire/system';
import { envelopeSchema, ok } from '@server/http/envelope';

export default async function clientRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/blade-system/client-config',
    {
      schema: {
        tags: ['system'],
        summary: 'Public client configuration (client id, wire key, mode)',
        response: { 200: envelopeSchema(clientConfigSchema) },
      },
    },
    async () =>
      ok({
        clientId: app.config.clientId,
        wireAesKey: app.config.wireAesKey,
        mode: app.config.mode,
        version: '1.3.14',
      }),
  );
}
