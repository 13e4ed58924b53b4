/**
 * /api/blade-finance/admin/* and other finance-office routes: one encapsulated scope behind
 * guardFinanceOffice (role check + audit row). Each area registers its routes in its own file.
 */
import type { FastifyInstance } from 'fastify';
import { registerAdminBillRoutes } from './bills-routes';
import { registerAdminBindingRoutes } from './bindings-routes';
import { registerAdminExceptionRoutes } from './exceptions-routes';
import { guardFinanceOffice } from './guard';
import { registerAdminInvoiceRoutes } from './invoices-routes';
import { registerAdminRatingRoutes } from './ratings-routes';
import { registerAdminNoticeRoutes } from './notices-routes';
import { registerAdminRefundRoutes } from './refunds-routes';
import { registerAdminSalaryRoutes } from './salary-routes';
import { registerAdminSignatureRoutes } from './signatures-routes';
import { registerAdminUserRoutes } from './users-routes';

export default async function adminRoutes(app: FastifyInstance): Promise<void> {
  await app.register(async (scope) => {
    guardFinanceOffice(scope);
    registerAdminBindingRoutes(scope);
    registerAdminUserRoutes(scope);
    registerAdminBillRoutes(scope);
    registerAdminRefundRoutes(scope);
    registerAdminExceptionRoutes(scope);
    registerAdminInvoiceRoutes(scope);
    registerAdminSalaryRoutes(scope);
    registerAdminRatingRoutes(scope);
    registerAdminNoticeRoutes(scope);
    registerAdminSignatureRoutes(scope);
  });
}
