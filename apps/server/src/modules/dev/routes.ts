import type { FastifyInstance } from 'fastify';

export default async function devRoutes(_app: FastifyInstance): Promise<void> {}
