/** The audit log for the finance office: who did what, when, from where; a page, or the XLSX of a search. */
import { auditActionLabel, describeAuditDetail } from '@cf/shared/labels/audit';
import { translate, type Language, type MessageKey } from '@cf/shared/messages';
import type { AuditEntry, AuditFilters } from '@cf/shared/wire/admin-audit';
import type { FastifyReply } from 'fastify';
import type { Db } from '@server/db/client';
import type { AuthContext } from '@server/http/context';
import { noteAudit } from '@server/http/audit';
import { page, type PageQuery } from '@server/http/envelope';
import { dayRange } from '@server/http/search';
import { checkExportSize, schoolTime, sendXlsx, type XlsxColumn } from '@server/http/xlsx';
import { auditBatches, auditPage, countAudit, type AuditRow } from './audit-log-repo';

const detailOf = (row: AuditRow) =>
  (typeof row.detail === 'string' ? JSON.parse(row.detail) : row.detail) as Record<string, unknown>;

const entryView = (row: AuditRow): AuditEntry => ({
  id: Number(row.id),
  userId: row.user_id === null ? null : Number(row.user_id),
  account: row.account,
  realName: row.real_name,
  action: row.action,
  detail: detailOf(row),
  ip: row.ip,
  createdAt: new Date(Number(row.created_ms)).toISOString(),
});

export async function listAudit(db: Db, auth: AuthContext, filters: AuditFilters, q: PageQuery) {
  const { rows, total } = await auditPage(db, auth.tenantId, filters, q);
  return page(rows.map(entryView), total, q);
}

export async function exportAudit(
  db: Db,
  auth: AuthContext,
  filters: AuditFilters,
  lang: Language,
  reply: FastifyReply,
) {
  dayRange(filters.from, filters.to);
  const { count: rows, lastId } = await countAudit(db, auth.tenantId, filters);
  checkExportSize(rows);
  noteAudit(reply.request, { rows });
  const h = (key: MessageKey) => translate(key, lang);
  // The action's name and the detail as sentences in the clerk's language (packages/shared/src/labels).
  const columns: XlsxColumn<AuditRow>[] = [
    {
      header: h('export.time'),
      kind: 'time',
      value: (r) => schoolTime(new Date(Number(r.created_ms))),
      total: translate('export.auditTotal', lang, { count: rows }),
    },
    { header: h('export.account'), value: (r) => [r.account, r.real_name].filter(Boolean).join(' ') },
    { header: h('export.action'), width: 28, value: (r) => auditActionLabel(r.action, lang) },
    { header: h('export.ip'), value: (r) => r.ip },
    { header: h('export.detail'), width: 80, value: (r) => describeAuditDetail(detailOf(r), lang) },
  ];
  return sendXlsx(
    reply,
    'audit-log.xlsx',
    h('export.auditSheet'),
    columns,
    auditBatches(db, auth.tenantId, filters, lastId),
  );
}
