/** GET /api/blade-finance/admin/import/job/{id}/report: the report as XLSX, problem cells marked. */
import { downloadFile } from '@admin/lib/api-client';

export const downloadReport = (id: number) =>
  downloadFile({ url: `/api/blade-finance/admin/import/job/${id}/report` }, `import-${id}-report.xlsx`);
