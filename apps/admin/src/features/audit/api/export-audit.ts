/** GET /api/blade-finance/admin/audit/export: the current search as an XLSX file. */
import { downloadFile } from '@admin/lib/download';
import type { AuditSearch } from './list-audit';

export const exportAudit = (search: AuditSearch) =>
  downloadFile('/api/blade-finance/admin/audit/export', { ...search }, 'audit-log.xlsx');
