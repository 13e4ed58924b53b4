/**
 * The one error handler: a clear, translated message in the Blade shape — or, on the token endpoint,
 * in its own `{error_code, error_description}` shape, whatever failed; a 500 never leaks internals.
 */
import { messages, pickLanguage, translate, type MessageKey } from '@cf/shared/messages';
import { fieldName } from '@cf/shared/wire/field-names';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { fail } from './envelope';
import { AppError, OAuthError, TOKEN_ENDPOINT } from './errors';
import { linkPageFor, sendLinkErrorPage } from './link-error-page';

interface Issue {
  instancePath?: string;
  keyword?: string;
  message?: string;
  params?: { errors?: unknown };
}

/** zod reports a missing field as invalid_type "... received undefined" (in each branch of a union). */
const isMissing = (issue: Issue | undefined): boolean =>
  (issue?.keyword === 'invalid_type' && /received undefined/.test(issue.message ?? '')) ||
  (issue?.keyword === 'invalid_union' &&
    Array.isArray(issue.params?.errors) &&
    issue.params.errors.every((branch) => /received undefined/.test(JSON.stringify(branch))));

/** The message of a failed request check: a schema may name its message key; else by field. */
function validationMessage(issue: Issue | undefined, lang: 'zh' | 'en'): string {
  const field = String(issue?.instancePath?.split('/').filter(Boolean).pop() ?? '');
  const label = fieldName(field, lang);
  const named = issue?.message && Object.hasOwn(messages, issue.message) ? issue.message : undefined;
  if (named && named !== 'common.fieldInvalid') return translate(named as MessageKey, lang, { field: label });
  if (!label) return translate('common.badRequest', lang);
  return translate(isMissing(issue) ? 'common.fieldRequired' : 'common.fieldInvalid', lang, { field: label });
}

/**
 * The token endpoint answers every error in its own shape (BladeX clients read error_description);
 * a link a person opened in the browser answers a page (link-error-page.ts).
 */
function send(req: FastifyRequest, reply: FastifyReply, status: number, msg: string, code = status) {
  if (req.routeOptions?.url === TOKEN_ENDPOINT)
    return reply.status(status).send({ error_code: code, error_description: msg });
  const page = linkPageFor(req);
  if (page) return sendLinkErrorPage(reply, status, { lang: req.lang ?? 'zh', message: msg, page });
  return reply.status(status).send(fail(code, msg));
}

/** The router's longest path parameter (app.ts passes it to Fastify; Fastify's default). */
export const MAX_PARAM_LENGTH = 100;

/**
 * Errors Fastify meets before a route is chosen (a URL that is not valid percent-encoding, a path
 * parameter too long): the same envelope (pass as the `frameworkErrors` option).
 */
export function answerFrameworkError(error: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const lang = pickLanguage(
    (req.headers['blade-language'] as string | undefined) ?? req.headers['accept-language'],
  );
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  req.log.info({ err: error }, 'client error before routing');
  return reply.status(status).send(fail(status, translate('common.badRequest', lang)));
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    const lang = req.lang ?? 'zh';
    if (error instanceof OAuthError) {
      if (error.status >= 500) req.log.error({ err: error }, 'token request failed');
      return send(req, reply, error.status, translate(error.messageKey, lang, error.params));
    }
    if (error instanceof AppError) {
      if (error.status >= 500) req.log.error({ err: error }, 'request failed');
      return send(req, reply, error.status, translate(error.messageKey, lang, error.params), error.code);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return send(req, reply, 400, validationMessage(error.validation[0] as Issue | undefined, lang));
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
      return send(req, reply, 400, translate('common.malformedJson', lang));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      req.log.info({ err: error }, 'client error');
      const key =
        status === 404 ? 'common.notFound' : status === 429 ? 'common.tooManyRequests' : 'common.badRequest';
      return send(req, reply, status, translate(key, lang));
    }
    req.log.error({ err: error }, 'unhandled error');
    return send(req, reply, 500, translate('common.internalError', lang));
  });

  app.setNotFoundHandler((req, reply) => {
    // What the router refuses before routing (a path that is not valid percent-encoding, a segment
    // longer than a parameter may be) is a bad request, as answerFrameworkError says, also when the
    // static files' wildcard route took it in and found no file.
    const path = req.url.split('?')[0] ?? '';
    if (!decodes(path) || path.split('/').some((segment) => segment.length > MAX_PARAM_LENGTH))
      return send(req, reply, 400, translate('common.badRequest', req.lang ?? 'zh'));
    return reply.status(404).send(fail(404, translate('common.notFound', req.lang ?? 'zh')));
  });
}

function decodes(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}
