/** GET /api/blade-finance/admin/import/{kind}/template: the kind's XLSX template. */
import type { ImportKind } from '@cf/shared/wire/admin-imports';
import { downloadFile } from '@admin/lib/api-client';

export const downloadTemplate = (kind: ImportKind) =>
  downloadFile({ url: `/api/blade-finance/admin/import/${kind}/template` }, `import-${kind}-template.xlsx`);
