/**
 * /api/blade-finance/admin/fee-item/*, /admin/person/{id}/receivables and /admin/receivable/{id}/*
 * (HTTP only): the catalogue of comprehensive items (../fee/catalogue-admin-service.ts), a person's
 * receivables, and waiving, reducing or deferring one (../fee/receivable-admin-service.ts; a finance
 * manager's). The scope's guard checks the level and writes an audit row for every change.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminFeeItemSchema,
  adminReceivableSchema,
  deferBody,
  feeItemBody,
  feeItemListQuery,
  receivableListQuery,
  reduceBody,
  waiveBody,
} from '@cf/shared/wire/admin-fees';
import { idParam } from '@cf/shared/wire/fields';
import { z } from 'zod';
import { envelopeSchema, ok, pageSchema } from '@server/http/envelope';
import { createCatalogueItem, editCatalogueItem, listCatalogue } from '../fee/catalogue-admin-service';
import { adjustReceivable, personReceivables } from '../fee/receivable-admin-service';

const tags = ['finance admin'];
const security = [{ bladeAuth: [] }];
const manager = { financeLevel: 'manager' as const };

export function registerAdminFeeRoutes(scope: FastifyInstance): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/blade-finance/admin/fee-item/list',
    {
      schema: {
        tags,
        security,
        summary: 'The catalogue (manual, enrolment, top-up items), withdrawn ones too; finance role',
        querystring: feeItemListQuery,
        response: { 200: envelopeSchema(pageSchema(adminFeeItemSchema)) },
      },
    },
    async (req) => {
      const { kind, status, keyword } = req.query;
      return ok(await listCatalogue(app.db, req.auth, { kind, status, keyword }, req.query));
    },
  );

  app.post(
    '/api/blade-finance/admin/fee-item',
    {
      schema: {
        tags,
        security,
        summary: 'Create a catalogue item with its form fields and limits; finance role',
        body: feeItemBody,
        response: { 200: envelopeSchema(adminFeeItemSchema) },
      },
    },
    async (req) => ok(await createCatalogueItem(app.db, req.auth, req.body)),
  );

  app.post(
    '/api/blade-finance/admin/fee-item/:id/update',
    {
      schema: {
        tags,
        security,
        summary: 'Change a catalogue item (status 0 withdraws it from sale); finance role',
        params: idParam,
        body: feeItemBody,
        response: { 200: envelopeSchema(adminFeeItemSchema) },
      },
    },
    async (req) => ok(await editCatalogueItem(app.db, req.auth, req.params.id, req.body)),
  );

  app.get(
    '/api/blade-finance/admin/person/:id/receivables',
    {
      schema: {
        tags,
        security,
        summary:
          "A student's or staff member's receivables with their summaries and what can still be adjusted; finance role",
        params: idParam,
        querystring: receivableListQuery,
        response: { 200: envelopeSchema(z.array(adminReceivableSchema)) },
      },
    },
    async (req) => ok(await personReceivables(app.db, req.auth, req.query.personType, req.params.id)),
  );

  const adjust = [
    ['waive', waiveBody, 'Waive what is still owed (beyond what is paid or on its way), with a reason'],
    ['reduce', reduceBody, 'Reduce what is owed by an amount, with a reason; never below what is paid'],
    ['defer', deferBody, 'Defer part of what is owed (optionally to a new due date), with a reason'],
  ] as const;
  for (const [kind, body, summary] of adjust) {
    app.post(
      `/api/blade-finance/admin/receivable/:id/${kind}`,
      {
        config: manager,
        schema: {
          tags,
          security,
          summary: `${summary}; finance manager`,
          params: idParam,
          body,
          response: { 200: envelopeSchema(adminReceivableSchema) },
        },
      },
      async (req) =>
        ok(await adjustReceivable(app.db, req, req.auth, req.params.id, { kind, ...req.body } as never)),
    );
  }
}
