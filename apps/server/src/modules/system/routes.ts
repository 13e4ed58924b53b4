import type { FastifyInstance } from 'fastify';

export default async function systemRoutes(_app: FastifyInstance): Promise<void> {}
