/** The wire of the finance office's audit log (/api/blade-finance/admin/audit/*): who did what, when, from where. */
import { z } from 'zod';
import { pageQuery } from './envelope';
import { calendarDate } from './fields';

export const auditFilters = z.object({
  who: z.string().trim().max(64).optional().describe('account or name (part) of the person who acted'),
  action: z.string().trim().max(128).optional().describe('part of the action, e.g. "refund"'),
  from: calendarDate().optional(),
  to: calendarDate().optional(),
});
export type AuditFilters = z.infer<typeof auditFilters>;

export const auditListQuery = pageQuery.extend(auditFilters.shape);

export const auditEntrySchema = z.object({
  id: z.number(),
  userId: z.number().nullable(),
  account: z.string().nullable(),
  realName: z.string().nullable(),
  action: z.string(),
  detail: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
