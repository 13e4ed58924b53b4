/** Users: the finance office disables and enables accounts (filled in by the sign-in work). */
import type { FastifyInstance } from 'fastify';

export function registerAdminUserRoutes(_scope: FastifyInstance): void {}
