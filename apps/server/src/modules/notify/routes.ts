/** HTTP of Mine › 消息通知: read and write which kinds of message the signed-in user receives. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notifySettingsInput, notifySettingsSchema } from '@cf/shared/wire/notify';
import { envelopeSchema, ok } from '@server/http/envelope';
import { requireUser } from '@server/modules/auth/guard';
import { readSettings, writeSettings } from './prefs-service';

const tags = ['user'];
const security = [{ bladeAuth: [] }];
export const NOTIFY_SETTINGS_PATH = '/api/blade-user/notify-settings';

export default async function notifyRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    NOTIFY_SETTINGS_PATH,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'Which kinds of message the caller receives (security notices are always on)',
        response: { 200: envelopeSchema(notifySettingsSchema) },
      },
    },
    async (req) => {
      return ok(await readSettings(app.db, req.auth.tenantId, req.auth.userId));
    },
  );
  app.post(
    NOTIFY_SETTINGS_PATH,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'Turn kinds of message off (the groups listed) and every other on',
        body: notifySettingsInput,
        response: { 200: envelopeSchema(notifySettingsSchema) },
      },
    },
    async (req) => {
      return ok(await writeSettings(app.db, req.auth.tenantId, req.auth.userId, req.body.off));
    },
  );
}
