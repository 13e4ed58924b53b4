/**
 * Builds the Fastify app from its parts: outside plugins first, then ours, then routes.
 * Tests call this with an in-memory database and inject().
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import { pickLanguage } from '@cf/shared/messages';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import { pingDatabase, type Database, type Db } from './db/client';
import type { Gateways } from './gateways';
import { fail, ok } from './http/envelope';
import { answerFrameworkError, MAX_PARAM_LENGTH, registerErrorHandler } from './http/error-handler';
import { registerInputGuard } from './http/input-guard';
import { countMessages, createMetrics } from './http/metrics';
import { registerOpsRoutes, registerRequestMetrics } from './http/metrics-routes';
import { loggerOptions } from './http/redact';
import {
  API_CACHE_CONTROL,
  contentSecurityPolicy,
  isApiPath,
  securityHeaders,
} from './http/security-headers';
import adminRoutes from './modules/admin/routes';
import authRoutes from './modules/auth/routes';
import clientRoutes from './modules/client/routes';
import devRoutes from './modules/dev/routes';
import noticeRoutes from './modules/notice/routes';
import feeRoutes from './modules/fee/routes';
import invoiceRoutes from './modules/invoice/routes';
import { attachOrderListCache } from './modules/order/list-cache';
import orderRoutes from './modules/order/routes';
import { closeOrder } from './modules/pay/channels/close';
import payRoutes from './modules/pay/routes';
import salaryRoutes from './modules/salary/routes';
import ratingRoutes from './modules/rating/routes';
import signatureRoutes from './modules/signature/routes';
import { assertSignedBeforePay, cashierSignature } from './modules/signature/service';
import smsRoutes from './modules/sms/routes';
import systemRoutes from './modules/system/routes';
import userRoutes from './modules/user/routes';
import notifyRoutes from './modules/notify/routes';

export interface AppDeps {
  config: Config;
  db: Db;
  gateways: Gateways;
  /** Announcements of changes (LISTEN); without it the order-list cache stays off. */
  database?: Pick<Database, 'listen' | 'notify' | 'announcesWrites' | 'poolStats'>;
  /** false in tests that want quiet output. */
  logger?: boolean | object;
}

// Fastify's factory types name Ajv's compilers; the zod ones are called the same way at run time.
const zodCompilers = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as NonNullable<FastifyServerOptions['schemaController']>['compilersFactory'];

/** The finance office's console and its assets (apps/admin, built with base /admin/). */
const isConsolePath = (url: string): boolean =>
  url === '/admin' || url.startsWith('/admin/') || url.startsWith('/admin?');

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const logger = deps.logger ?? true;
  const proxies = deps.config.trustProxy;
  const app = Fastify({
    // Every log line goes through the one redaction list (http/redact.ts).
    logger: logger && loggerOptions({ level: deps.config.logLevel, ...(logger === true ? {} : logger) }),
    // Off unless TRUST_PROXY says which proxies may set X-Forwarded-For (per-IP limits, audit).
    trustProxy: typeof proxies === 'number' ? (_address: string, hop: number) => hop < proxies : proxies,
    bodyLimit: 1024 * 1024,
    frameworkErrors: answerFrameworkError,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // Every schema is zod: handing Fastify the zod compilers up front spares it loading Ajv and
    // fast-json-stringify at construction (about half a second of the start; bench/start.mjs).
    schemaController: { compilersFactory: zodCompilers },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', deps.config);
  app.decorate('db', deps.db);
  const metrics = createMetrics();
  app.decorate('metrics', metrics);
  app.decorate('gateways', countMessages(deps.gateways, metrics));
  app.addHook('onClose', async () => deps.gateways.files.close());
  app.decorate(
    'orderListCache',
    attachOrderListCache(app, deps.db, deps.database, deps.config.orderListCache),
  );
  app.decorateRequest('lang', 'zh');
  app.decorateRequest('auth', null as never);
  app.addHook('onRequest', async (req) => {
    req.lang = pickLanguage(
      (req.headers['blade-language'] as string | undefined) ?? req.headers['accept-language'],
    );
  });
  registerErrorHandler(app);
  registerInputGuard(app);
  registerRequestMetrics(app);

  const webDist = deps.config.webDist ?? path.resolve(import.meta.dirname, '../../web/dist');
  const production = deps.config.mode === 'production';
  await app.register(helmet, securityHeaders({ production }));
  // The finance office's console (apps/admin) is its own build with its own index.html, so its own CSP.
  const adminDist = deps.config.adminDist ?? path.resolve(import.meta.dirname, '../../admin/dist');
  const csp = contentSecurityPolicy({ production, webDist });
  const adminCsp = contentSecurityPolicy({ production, webDist: adminDist });
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('content-security-policy', isConsolePath(req.url) ? adminCsp() : csp());
    if (isApiPath(req.url)) reply.header('cache-control', API_CACHE_CONTROL);
    done();
  });
  await app.register(formbody);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Campus finance assistant API', version: '1.3.14' },
      components: {
        securitySchemes: {
          bladeAuth: { type: 'apiKey', in: 'header', name: 'Blade-Auth' },
          client: { type: 'http', scheme: 'basic' },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });

  app.get('/health', { schema: { hide: true } }, async (_req, reply) => {
    try {
      await pingDatabase(deps.db);
      return ok({ status: 'up', database: 'up' });
    } catch (err) {
      app.log.error({ err }, 'health check: database down');
      return reply.status(503).send(fail(503, 'database down'));
    }
  });
  registerOpsRoutes(app, { poolStats: deps.database?.poolStats?.bind(deps.database) });
  app.get('/api/docs/json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(clientRoutes);
  await app.register(authRoutes);
  await app.register(systemRoutes);
  await app.register(smsRoutes);
  await app.register(userRoutes);
  await app.register(notifyRoutes);
  await app.register(feeRoutes);
  await app.register(orderRoutes, { closeOrder });
  await app.register(payRoutes, { beforePrepay: assertSignedBeforePay, signatureOf: cashierSignature });
  await app.register(noticeRoutes);
  await app.register(salaryRoutes);
  await app.register(signatureRoutes);
  await app.register(ratingRoutes);
  await app.register(invoiceRoutes);
  await app.register(adminRoutes);
  if (deps.config.mode === 'demo') await app.register(devRoutes);

  if (existsSync(path.join(webDist, 'index.html'))) {
    // preCompressed: the web build leaves .br and .gz beside its assets (vite-plugin-precompress.ts).
    // One wildcard route each (the default), not a route per built file: registering those was a
    // tenth of the start (bench/start.mjs).
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      index: ['index.html'],
      preCompressed: true,
    });
  }
  if (existsSync(path.join(adminDist, 'index.html'))) {
    // The wildcard route does not answer the bare prefix: /admin goes on to /admin/ here.
    app.get('/admin', { schema: { hide: true } }, (_req, reply) => reply.redirect('/admin/', 301));
    // /admin redirects to /admin/, which serves the console's index.html (hash routes below it); its
    // scripts go compressed too (the console build precompresses like the phone's).
    await app.register(fastifyStatic, {
      root: adminDist,
      prefix: '/admin/',
      index: ['index.html'],
      decorateReply: false,
      preCompressed: true,
    });
  }
  return app;
}
