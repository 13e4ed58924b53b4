/**
 * System area (HTTP only): params, dictionaries, tenants and the caller's buttons.
 * The public routes resolve their tenant through ./tenant.ts (the token's tenant wins).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  buttonTreeSchema,
  dictionaryQuery,
  dictionarySchema,
  mobileModulesSchema,
  paramValueQuery,
  paramValueSchema,
  publicTenantsSchema,
  systemParamsSchema,
  tenantInfoSchema,
  tenantQuery,
} from '@cf/shared/wire/system';
import { requireAuth } from '@server/modules/auth/guard';
import { envelopeSchema, ok } from '@server/http/envelope';
import { findParamValue, listDictionary, listParams, listPublicTenants } from './repo';
import { callerButtons, publicTenantInfo } from './service';
import { resolveTenant } from './tenant';

/**
 * Params and modules the finance office changes in the console: read from their rows on every request
 * (no server cache), and no browser or proxy may answer for us from a stored copy.
 */
const noStoredCopy = (reply: FastifyReply) => void reply.header('cache-control', 'no-cache');

export default async function systemRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/blade-system/param/value',
    {
      schema: {
        tags: ['system'],
        summary: 'One system param of the tenant ("" when unset)',
        querystring: paramValueQuery,
        response: { 200: envelopeSchema(paramValueSchema) },
      },
    },
    async (req, reply) => {
      const tenant = await resolveTenant(req, req.query.tenantId);
      noStoredCopy(reply);
      return ok((await findParamValue(app.db, tenant.tenantId, req.query.paramKey)) ?? '');
    },
  );

  app.get(
    '/api/blade-system/param/value-list',
    {
      schema: {
        tags: ['system'],
        summary: 'Every system param of the tenant',
        querystring: tenantQuery,
        response: { 200: envelopeSchema(systemParamsSchema) },
      },
    },
    async (req, reply) => {
      const tenant = await resolveTenant(req, req.query.tenantId);
      noStoredCopy(reply);
      return ok(await listParams(app.db, tenant.tenantId));
    },
  );

  app.get(
    '/api/blade-system/dict/dictionary',
    {
      schema: {
        tags: ['system'],
        summary: 'Dictionary entries of a code (e.g. flow) for the tenant',
        querystring: dictionaryQuery,
        response: { 200: envelopeSchema(dictionarySchema) },
      },
    },
    async (req) => {
      const tenant = await resolveTenant(req, req.query.tenantId);
      return ok(await listDictionary(app.db, tenant.tenantId, req.query.code));
    },
  );

  app.get(
    '/api/blade-system/menu/buttons',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['system'],
        summary: 'Tree of the menus and buttons the caller’s roles grant',
        security: [{ bladeAuth: [] }],
        response: { 200: envelopeSchema(buttonTreeSchema) },
      },
    },
    async (req) => ok(await callerButtons(app.db, req.auth, req.lang)),
  );

  app.get(
    '/api/blade-system/tenant/mobile-module',
    {
      schema: {
        tags: ['system'],
        summary: 'Enabled mobile modules: a list or a comma-separated string, as the tenant stored them',
        querystring: tenantQuery,
        response: { 200: envelopeSchema(mobileModulesSchema) },
      },
    },
    async (req, reply) => {
      const tenant = await resolveTenant(req, req.query.tenantId);
      noStoredCopy(reply);
      return ok(tenant.mobileModules ?? []);
    },
  );

  app.get(
    '/api/blade-system/tenant/get-by-tenant-id',
    {
      schema: {
        tags: ['system'],
        summary: 'Public details of a tenant, with where to authorize through WeChat',
        querystring: tenantQuery,
        response: { 200: envelopeSchema(tenantInfoSchema) },
      },
    },
    async (req) => {
      const tenant = await resolveTenant(req, req.query.tenantId);
      return ok(publicTenantInfo(tenant, app.config));
    },
  );

  app.get(
    '/api/blade-system/tenant/list-public',
    {
      schema: {
        tags: ['system'],
        summary: 'Tenants offered on the login page (enabled, not expired, not the platform)',
        response: { 200: envelopeSchema(publicTenantsSchema) },
      },
    },
    async () => ok(await listPublicTenants(app.db)),
  );
}
