/**
 * Job: remove payers' evidence files no longer needed (modules/fee/evidence-service.ts purgeEvidence):
 * files of forms given up, and those of refused (voided) records once their grace period has passed.
 */
import type { FastifyInstance } from 'fastify';
import { purgeEvidence } from '@server/modules/fee/evidence-service';

export const purgeOldEvidence = (app: FastifyInstance): Promise<number> =>
  purgeEvidence(app.db, app.gateways.files, { voidGraceMs: app.config.evidence.voidGraceMs });
