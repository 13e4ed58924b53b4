/**
 * /api/blade-finance/salary/* (HTTP only): a staff member's own slips and other income, behind the
 * salary step-up (step-up.ts). Every reply says Cache-Control: no-store. The finance office loads
 * and reads slips through ../admin/salary-routes.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam } from '@cf/shared/wire/fields';
import {
  otherIncomeSchema,
  otherIncomeYearSchema,
  salaryIndexSchema,
  slipDetailSchema,
  yearQuery,
} from '@cf/shared/wire/salary';
import { envelopeSchema, ok } from '@server/http/envelope';
import { requireUser } from '@server/modules/auth/guard';
import { userCtx } from '../user/context';
import { otherIncomeDetail, otherIncomeYear, salaryIndex, slipDetail } from './service';
import { requirePayee } from './step-up';

const tags = ['salary'];
const security = [{ bladeAuth: [] }];
const description =
  'Staff only. Needs the header salary-verify-token: a verifyToken of verify-phone with purpose salary, ' +
  'valid 15 minutes on the session that earned it (else 403). Replies are Cache-Control: no-store.';

export default async function salaryRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Pay is never kept by a browser or a proxy, refusals included: every API reply is no-store
  // (app.ts, http/security-headers.ts API_CACHE_CONTROL).
  const payee = (req: Parameters<typeof requirePayee>[1]) => requirePayee(userCtx(req), req);

  app.get(
    '/api/blade-finance/salary/index',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'A year of the caller’s slips (net per month), its totals and the last 12 months’ net pay',
        description,
        querystring: yearQuery,
        response: { 200: envelopeSchema(salaryIndexSchema) },
      },
    },
    async (req) => ok(await salaryIndex(app.db, await payee(req), req.query.year)),
  );

  app.get(
    '/api/blade-finance/salary/slip/:id',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'One of the caller’s slips: items by group, totals, the months before and after',
        description,
        params: idParam,
        response: { 200: envelopeSchema(slipDetailSchema) },
      },
    },
    async (req) => ok(await slipDetail(app.db, await payee(req), req.params.id)),
  );

  app.get(
    '/api/blade-finance/salary/other-income',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'A year of the caller’s other income (invigilation, grants...) with totals',
        description,
        querystring: yearQuery,
        response: { 200: envelopeSchema(otherIncomeYearSchema) },
      },
    },
    async (req) => ok(await otherIncomeYear(app.db, await payee(req), req.query.year)),
  );

  app.get(
    '/api/blade-finance/salary/other-income/:id',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'One of the caller’s other-income records',
        description,
        params: idParam,
        response: { 200: envelopeSchema(otherIncomeSchema) },
      },
    },
    async (req) => ok(await otherIncomeDetail(app.db, await payee(req), req.params.id)),
  );
}
