/**
 * /api/blade-finance/admin/fee-item/signature/* (HTTP only): the finance office reads which fee items
 * ask for the payer's signature and sets or clears the flag (../signature/admin-service.ts). The
 * scope's guard (guard.ts) checks the finance role and audits every change.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, ok } from '@server/http/envelope';
import { idParam } from '@cf/shared/wire/fields';
import { feeItemSignatureBody, feeItemSignatureSchema } from '@cf/shared/wire/signature';
import { feeItemSignatureList, setFeeItemSignature } from '../signature/admin-service';

const tags = ['finance admin'];
const security = [{ bladeAuth: [] }];

export function registerAdminSignatureRoutes(scope: FastifyInstance): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/blade-finance/admin/fee-item/signature/list',
    {
      schema: {
        tags,
        security,
        summary: 'The tenant’s fee items, each with its signature flag (null: none asked); finance role',
        response: { 200: envelopeSchema(z.array(feeItemSignatureSchema)) },
      },
    },
    async (req) => ok(await feeItemSignatureList(app.db, req.auth.tenantId)),
  );

  app.put(
    '/api/blade-finance/admin/fee-item/:id/signature',
    {
      schema: {
        tags,
        security,
        summary:
          'Ask for the payer’s signature on a fee item (before_pay or after_pay) or stop asking (null); audited',
        params: idParam,
        body: feeItemSignatureBody,
        response: { 200: envelopeSchema(feeItemSignatureSchema) },
      },
    },
    async (req) => ok(await setFeeItemSignature(app.db, req.auth.tenantId, req.params.id, req.body)),
  );
}
