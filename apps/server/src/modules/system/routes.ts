/**
 * System area (HTTP only): params, dictionaries, tenants and the caller's buttons.
 * The public routes resolve their tenant through ./tenant.ts (the token's tenant wins).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '@server/modules/auth/guard';
import { envelopeSchema, ok } from '@server/http/envelope';
import { findParamValue, listDictionary, listParams, listPublicTenants } from './repo';
import { callerButtons, publicTenantInfo, type ButtonNode } from './service';
import { resolveTenant } from './tenant';

const tenantQuery = z.object({
  tenantId: z.string().optional().describe('Before login; a signed-in caller always gets the token’s tenant'),
});

/**
 * The button tree to a fixed depth, the deepest children left open: the OpenAPI transform cannot
 * place a recursive schema in the document (it would leave a dangling $ref). Menus are 3 deep.
 */
function buttonTree(depth: number): z.ZodType<ButtonNode[]> {
  const children = depth <= 1 ? z.array(z.unknown()).describe('Same shape, nested') : buttonTree(depth - 1);
  return z.array(z.object({ code: z.string(), name: z.string(), children })) as z.ZodType<ButtonNode[]>;
}

const tenantInfo = z.object({
  tenantId: z.string(),
  tenantName: z.string(),
  tenantNameEn: z.string().nullable(),
  status: z.number(),
  expireTime: z.string().nullable(),
  wechatMpAppId: z.string().nullable(),
  wechatWorkCorpId: z.string().nullable(),
  wechatWorkAgentId: z.string().nullable(),
  wechatAuthorizeUrl: z.string(),
});

export default async function systemRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/blade-system/param/value',
    {
      schema: {
        tags: ['system'],
        summary: 'One system param of the tenant ("" when unset)',
        // Keys are unique per tenant; paramType is accepted as BladeX clients send it.
        querystring: tenantQuery.extend({
          paramType: z.string().optional(),
          paramKey: z.string().trim().min(1),
        }),
        response: { 200: envelopeSchema(z.string()) },
      },
    },
    async (req) => {
      const tenant = await resolveTenant(req, req.query.tenantId);
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
        response: {
          200: envelopeSchema(z.array(z.object({ paramKey: z.string(), paramValue: z.string() }))),
        },
      },
    },
    async (req) => {
      const tenant = await resolveTenant(req, req.query.tenantId);
      return ok(await listParams(app.db, tenant.tenantId));
    },
  );

  app.get(
    '/api/blade-system/dict/dictionary',
    {
      schema: {
        tags: ['system'],
        summary: 'Dictionary entries of a code (e.g. flow) for the tenant',
        querystring: tenantQuery.extend({ code: z.string().trim().min(1) }),
        response: {
          200: envelopeSchema(
            z.array(
              z.object({
                code: z.string(),
                dictKey: z.string(),
                dictValue: z.string(),
                remark: z.string().nullable(),
              }),
            ),
          ),
        },
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
        response: { 200: envelopeSchema(buttonTree(6)) },
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
        response: { 200: envelopeSchema(z.union([z.array(z.string()), z.string()])) },
      },
    },
    async (req) => {
      const tenant = await resolveTenant(req, req.query.tenantId);
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
        response: { 200: envelopeSchema(tenantInfo) },
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
        response: {
          200: envelopeSchema(
            z.array(
              z.object({ tenantId: z.string(), tenantName: z.string(), tenantNameEn: z.string().nullable() }),
            ),
          ),
        },
      },
    },
    async () => ok(await listPublicTenants(app.db)),
  );
}
