/** GET /api/blade-finance/admin/reconciliation/runs/:id/export: the differences as an XLSX file. */
import { downloadFile } from '@admin/lib/api-client';

export const exportRun = (id: number, fileName: string): Promise<void> =>
  downloadFile({ url: `/api/blade-finance/admin/reconciliation/runs/${id}/export` }, fileName);
