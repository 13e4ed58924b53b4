/**
 * /api/blade-finance/admin/binding/* (HTTP only): the finance office lists the bindings that wait
 * for it — what the applicant typed beside what the school holds — and approves or refuses them; the
 * held phone is read in full only through its own call. The scope's guard (guard.ts) checks the finance
 * role and writes an audit row for every approval, refusal and reading of a phone.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  bindingIdParam,
  bindingListQuery,
  bindingPhoneSchema,
  bindingReviewSchema,
  refuseBindingBody,
} from '@cf/shared/wire/admin-users';
import { envelopeSchema, ok, pageSchema } from '@server/http/envelope';
import { approveBinding, bindingHeldPhone, listBindings, refuseBinding } from '../user/bind-review-service';

const tags = ['finance admin'];
const security = [{ bladeAuth: [] }];

export function registerAdminBindingRoutes(scope: FastifyInstance): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/blade-finance/admin/binding/list',
    {
      schema: {
        tags,
        security,
        summary: "The tenant's bindings in one status (default pending: waiting for approval); finance role",
        querystring: bindingListQuery,
        response: { 200: envelopeSchema(pageSchema(bindingReviewSchema)) },
      },
    },
    async (req) => ok(await listBindings(app.db, req.auth, req.query.status, req.query)),
  );

  // A POST, so the guard audits every reading (a GET is audited only when it hands out a file).
  app.post(
    '/api/blade-finance/admin/binding/:id/phone',
    {
      schema: {
        tags,
        security,
        summary:
          "The phone the school holds for a binding's person, in full, to call the applicant (audited); finance role",
        params: bindingIdParam,
        response: { 200: envelopeSchema(bindingPhoneSchema) },
      },
    },
    async (req) => ok(await bindingHeldPhone(app.db, req.auth, req.params.id)),
  );

  app.post(
    '/api/blade-finance/admin/binding/:id/approve',
    {
      schema: {
        tags,
        security,
        summary: 'Approve a pending binding (pending -> active): the user now reads the person; finance role',
        params: bindingIdParam,
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
        params: bindingIdParam,
        body: refuseBindingBody,
        response: { 200: envelopeSchema(bindingReviewSchema) },
      },
    },
    async (req) => ok(await refuseBinding(app.db, req.auth, req.params.id, req.body?.reason)),
  );
}
