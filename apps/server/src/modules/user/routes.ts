/** /api/blade-user/*: binding (bind-routes.ts) and profile changes (profile-routes.ts). */
import type { FastifyInstance } from 'fastify';
import { registerBindRoutes } from './bind-routes';
import { registerProfileRoutes } from './profile-routes';

export default async function userRoutes(app: FastifyInstance): Promise<void> {
  registerBindRoutes(app);
  registerProfileRoutes(app);
}
