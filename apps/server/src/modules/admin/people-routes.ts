/**
 * /api/blade-finance/admin/person/* (HTTP only): the school's students and staff with the accounts
 * bound to them (../user/people-admin-service.ts): search, one in full, edit. Disabling an account:
 * users-routes.ts; pending bindings: bindings-routes.ts. The scope's guard checks the finance role and
 * writes an audit row for every edit.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  personDetailSchema,
  personListQuery,
  personSchema,
  personTypeQuery,
  personUpdateBody,
} from '@cf/shared/wire/admin-people';
import { idParam } from '@cf/shared/wire/fields';
import { envelopeSchema, ok, pageSchema } from '@server/http/envelope';
import { editPerson, listPeople, personDetail } from '../user/people-admin-service';

const tags = ['finance admin'];
const security = [{ bladeAuth: [] }];

export function registerAdminPeopleRoutes(scope: FastifyInstance): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/blade-finance/admin/person/list',
    {
      schema: {
        tags,
        security,
        summary:
          'Students or staff of the tenant with bound accounts; keyword: name, number, ID number or phone; ID and bank cards masked; finance role',
        querystring: personListQuery,
        response: { 200: envelopeSchema(pageSchema(personSchema)) },
      },
    },
    async (req) => ok(await listPeople(app.db, req.auth, req.query.personType, req.query.keyword, req.query)),
  );

  app.get(
    '/api/blade-finance/admin/person/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One student or staff member in full (ID number unmasked) with bound accounts; finance role',
        params: idParam,
        querystring: personTypeQuery,
        response: { 200: envelopeSchema(personDetailSchema) },
      },
    },
    async (req) => ok(await personDetail(app.db, req.auth, req.query.personType, req.params.id)),
  );

  app.post(
    '/api/blade-finance/admin/person/:id/update',
    {
      schema: {
        tags,
        security,
        summary:
          'Edit a student or staff member (name, held phone, major, class, start year, department); finance role',
        params: idParam,
        body: personUpdateBody,
        response: { 200: envelopeSchema(personDetailSchema) },
      },
    },
    async (req) => ok(await editPerson(app.db, req, req.auth, req.params.id, req.body)),
  );
}
