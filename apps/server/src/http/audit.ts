/** One line of the audit log for every change a person makes to what the finance office holds. */
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { auditLog } from '../db/schema';

export async function audit(
  db: Db,
  req: FastifyRequest | null,
  entry: { tenantId: string | null; userId: number | null; action: string; detail?: Record<string, unknown> },
): Promise<void> {
  await db.insert(auditLog).values({
    tenantId: entry.tenantId,
    userId: entry.userId,
    action: entry.action,
    detail: entry.detail ?? {},
    ip: req?.ip ?? null,
  });
}
