/** The one error handler: a clear, translated message in the Blade shape; a 500 never leaks internals. */
import { translate } from '@cf/shared/messages';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { fail } from './envelope';
import { AppError, OAuthError } from './errors';

const FIELD_NAMES: Record<string, { zh: string; en: string }> = {
  tenantId: { zh: '租户', en: 'Tenant' },
  phone: { zh: '手机号', en: 'Phone number' },
  idCard: { zh: '证件号', en: 'ID number' },
  email: { zh: '邮箱', en: 'E-mail' },
  code: { zh: '编号', en: 'Code' },
  realName: { zh: '姓名', en: 'Name' },
  verifyCode: { zh: '验证码', en: 'Verification code' },
  verifyId: { zh: '验证码编号', en: 'Verification id' },
  data: { zh: '加密数据', en: 'Encrypted data' },
  note: { zh: '备注', en: 'Note' },
};

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    const lang = req.lang ?? 'zh';
    if (error instanceof OAuthError) {
      return reply.status(error.status).send({
        error_code: error.status,
        error_description: translate(error.messageKey, lang, error.params),
      });
    }
    if (error instanceof AppError) {
      if (error.status >= 500) req.log.error({ err: error }, 'request failed');
      return reply
        .status(error.status)
        .send(fail(error.code, translate(error.messageKey, lang, error.params)));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0] as
        { instancePath?: string; keyword?: string; message?: string } | undefined;
      const field = String(issue?.instancePath?.split('/').filter(Boolean).pop() ?? '');
      const label = FIELD_NAMES[field]?.[lang] ?? field;
      // zod reports a missing field as invalid_type "... received undefined".
      const missing = issue?.keyword === 'invalid_type' && /received undefined/.test(issue.message ?? '');
      const msg = label
        ? translate(missing ? 'common.fieldRequired' : 'common.fieldInvalid', lang, { field: label })
        : translate('common.badRequest', lang);
      return reply.status(400).send(fail(400, msg));
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
      return reply.status(400).send(fail(400, translate('common.malformedJson', lang)));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      req.log.info({ err: error }, 'client error');
      const key =
        status === 404 ? 'common.notFound' : status === 429 ? 'common.tooManyRequests' : 'common.badRequest';
      return reply.status(status).send(fail(status, translate(key, lang)));
    }
    req.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(fail(500, translate('common.internalError', lang)));
  });

  app.setNotFoundHandler((req, reply) => {
    reply.status(404).send(fail(404, translate('common.notFound', req.lang ?? 'zh')));
  });
}
