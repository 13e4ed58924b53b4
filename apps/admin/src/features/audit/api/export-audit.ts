/** GET /api/blade-finance/admin/audit/export: the current search as an XLSX file. */
import { downloadFile } from '@admin/lib/api-client';
import type { AuditSearch } from './list-audit';

export const exportAudit = (search: AuditSearch) =>
  downloadFile({ url: '/api/blade-finance/admin/audit/export', params: { ...search } }, 'audit-log.xlsx');
