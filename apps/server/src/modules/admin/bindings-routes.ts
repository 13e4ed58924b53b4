/**
 * /api/blade-finance/admin/binding/* (HTTP only): the finance office lists the bindings that wait
 * for it and approves or refuses them. The scope's guard (guard.ts) checks the finance role and
 * writes an audit row for every approval and refusal.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, ok, pageQuery, pageSchema } from '@server/http/envelope';
import { approveBinding, listBindings, refuseBinding } from '../user/bind-review-service';
import { BINDING_STATUSES } from '../user/binding-status';

const tags = ['finance admin'];
const security = [{ bladeAuth: [] }];

const idParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const listQuery = pageQuery.extend({ status: z.enum(BINDING_STATUSES).default('pending') });
const refuseBody = z.object({ reason: z.string().max(500).optional() }).nullish();

const bindingReviewSchema = z.object({
  id: z.number(),
  status: z.string(),
  userType: z.string(),
  userId: z.number(),
  account: z.string(),
  nickName: z.string(),
  personNo: z.string().nullable().describe('student or staff number; null for an outside person'),
  personName: z.string().nullable(),
  idCardMasked: z.string().nullable(),
  heldPhoneMasked: z.string().nullable().describe('the phone the finance office holds, masked'),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  decisionNote: z.string().nullable(),
});

export function registerAdminBindingRoutes(scope: FastifyInstance): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/blade-finance/admin/binding/list',
    {
      schema: {
        tags,
        security,
        summary: "The tenant's bindings in one status (default pending: waiting for approval); finance role",
        querystring: listQuery,
        response: { 200: envelopeSchema(pageSchema(bindingReviewSchema)) },
      },
    },
    async (req) => ok(await listBindings(app.db, req.auth, req.query.status, req.query)),
  );

  app.post(
    '/api/blade-finance/admin/binding/:id/approve',
    {
      schema: {
        tags,
        security,
        summary: 'Approve a pending binding (pending -> active): the user now reads the person; finance role',
        params: idParam,
        response: { 200: envelopeSchema(bindingReviewSchema) },
      },
    },
    async (req) => ok(await approveBinding(app.db, req.auth, req.params.id)),
  );

  app.post(
    '/api/blade-finance/admin/binding/:id/refuse',
    {
      schema: {
        tags,
        security,
        summary: 'Refuse a pending binding (pending -> refused) with a reason the binder reads; finance role',
        params: idParam,
        body: refuseBody,
        response: { 200: envelopeSchema(bindingReviewSchema) },
      },
    },
    async (req) => ok(await refuseBinding(app.db, req.auth, req.params.id, req.body?.reason)),
  );
}
