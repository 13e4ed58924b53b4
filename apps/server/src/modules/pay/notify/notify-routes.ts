/**
 * POST /api/blade-finance/pay/notify/{channel}/{tenantId}: no token; the channel's signature over
 * the body exactly as received is the proof. The raw-body parser is scoped to this route alone.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notifyParams } from '@cf/shared/wire/pay';
import { NOTIFY_PATH } from '@server/gateways/pay-channels';
import { handleNotify } from './notify';

/** Real notifies are a few kilobytes. */
const NOTIFY_BODY_LIMIT = 64 * 1024;

export default async function notifyRoutes(instance: FastifyInstance): Promise<void> {
  instance.removeAllContentTypeParsers();
  instance.addContentTypeParser(
    '*',
    { parseAs: 'string', bodyLimit: NOTIFY_BODY_LIMIT },
    (_req, body, done) => done(null, body),
  );
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.post(
    `${NOTIFY_PATH}/:channel/:tenantId`,
    {
      bodyLimit: NOTIFY_BODY_LIMIT,
      schema: {
        tags: ['pay'],
        summary:
          'Payment notify of a channel (wechat: WeChat Pay v3; alipay: form-encoded, RSA2; sandbox: HMAC-SHA256 signed)',
        description:
          'No token: the signature over the raw body is checked first. Handled notifies, repeats included, get the ' +
          "channel's exact success reply; refused ones its failure reply.",
        params: notifyParams,
      },
    },
    async (req, reply) => {
      const answer = await handleNotify(app, req.log, {
        channel: req.params.channel,
        tenantId: req.params.tenantId,
        headers: req.headers,
        rawBody: typeof req.body === 'string' ? req.body : '',
      });
      return reply.status(answer.status).type(answer.contentType).send(answer.body);
    },
  );
}
