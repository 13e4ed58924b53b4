/**
 * Takes over import jobs whose process stopped mid-way (a restart, a crash): a job still checking or
 * committing that nobody has stamped within its lease is claimed (SKIP LOCKED) and run here. A commit
 * that was cut off left nothing (its transaction rolled back), so running it again is safe.
 */
import type { FastifyInstance } from 'fastify';
import { resumeImports } from '@server/modules/imports/service';

export const resumeStoppedImports = (app: FastifyInstance): Promise<number> =>
  resumeImports(app.db, app.gateways.files, app.log);
