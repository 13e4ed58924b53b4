/**
 * /api/blade-finance/admin/* and other finance-office routes: one encapsulated scope behind
 * guardFinanceOffice (role check + audit row). Each area registers its routes in its own file.
 */
import type { FastifyInstance } from 'fastify';
import { registerAdminBindingRoutes } from './bindings-routes';
import { guardFinanceOffice } from './guard';
import { registerAdminUserRoutes } from './users-routes';

export default async function adminRoutes(app: FastifyInstance): Promise<void> {
  await app.register(async (scope) => {
    guardFinanceOffice(scope);
    registerAdminBindingRoutes(scope);
    registerAdminUserRoutes(scope);
  });
}
