/** Pending bindings: the finance office approves or refuses them (filled in by the binding work). */
import type { FastifyInstance } from 'fastify';

export function registerAdminBindingRoutes(_scope: FastifyInstance): void {}
