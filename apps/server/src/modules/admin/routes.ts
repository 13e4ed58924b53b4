/**
 * /api/blade-finance/admin/* and other finance-office routes: one encapsulated scope behind
 * guardFinanceOffice (role check + audit row). Each area registers its routes in its own file.
 */
import type { FastifyInstance } from 'fastify';
import { registerAdminAuditRoutes } from './audit-routes';
import { registerAdminBillRoutes } from './bills-routes';
import { registerAdminBindingRoutes } from './bindings-routes';
import { registerAdminDashboardRoutes } from './dashboard-routes';
import { registerAdminExceptionRoutes } from './exceptions-routes';
import { registerAdminFeeRoutes } from './fees-routes';
import { guardFinanceOffice } from './guard';
import { registerAdminImportRoutes } from './imports-routes';
import { registerAdminInvoiceRoutes } from './invoices-routes';
import { registerAdminRatingRoutes } from './ratings-routes';
import { registerAdminReconciliationRoutes } from './reconciliation-routes';
import { registerAdminNoticeRoutes } from './notices-routes';
import { registerAdminOrderRoutes } from './orders-routes';
import { registerAdminPeopleRoutes } from './people-routes';
import { registerAdminRefundRoutes } from './refunds-routes';
import { registerAdminReminderRoutes } from './reminders-routes';
import { registerAdminSalaryRoutes } from './salary-routes';
import { registerAdminSettingsRoutes } from './settings-routes';
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
    registerAdminSettingsRoutes(scope);
    registerAdminReconciliationRoutes(scope);
    registerAdminImportRoutes(scope);
    registerAdminDashboardRoutes(scope);
    registerAdminPeopleRoutes(scope);
    registerAdminFeeRoutes(scope);
    registerAdminOrderRoutes(scope);
    registerAdminAuditRoutes(scope);
    registerAdminSignatureRoutes(scope);
    registerAdminReminderRoutes(scope);
  });
}
