/**
 * One line of the audit log for every change a person makes to what the finance office holds. An
 * action is one the audit log can name (packages/shared/src/labels/audit.ts): a new one needs its words.
 */
import type { AdminRouteAction, AuditAction } from '@cf/shared/labels/audit';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { auditLog } from '../db/schema';

export async function audit(
  db: Db,
  req: FastifyRequest | null,
  entry: {
    tenantId: string | null;
    userId: number | null;
    action: AuditAction | AdminRouteAction;
    detail?: Record<string, unknown>;
  },
): Promise<void> {
  await db.insert(auditLog).values({
    tenantId: entry.tenantId,
    userId: entry.userId,
    action: entry.action,
    detail: entry.detail ?? {},
    ip: req?.ip ?? null,
  });
}

const notes = new WeakMap<FastifyRequest, Record<string, unknown>>();

/**
 * Adds to the detail of the row the admin guard writes for this request (modules/admin/guard.ts): the
 * names of the settings it changed, the rows a file carried. Never a secret's value: the audit log is
 * read by the finance office.
 */
export function noteAudit(req: FastifyRequest, detail: Record<string, unknown>): void {
  notes.set(req, { ...notes.get(req), ...detail });
}

/** What noteAudit added for this request. */
export const auditNotes = (req: FastifyRequest): Record<string, unknown> | undefined => notes.get(req);
