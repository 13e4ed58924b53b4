/** POST /api/blade-finance/admin/import/{kind}: the file as the body -> a job being checked. */
import { refreshAfterWrite } from '@cf/shared/query-refresh';
import type { ImportJob, ImportKind } from '@cf/shared/wire/admin-imports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestData } from '@admin/lib/api-client';

export interface UploadImport {
  kind: ImportKind;
  file: File;
  /** Salary only: the month, YYYY-MM, and whether to replace its slips. */
  period?: string;
  replace?: boolean;
}

export const uploadImport = ({ kind, file, period, replace }: UploadImport) =>
  requestData<ImportJob>({
    url: `/api/blade-finance/admin/import/${kind}`,
    method: 'post',
    params: { fileName: file.name.slice(0, 200), period, replace: replace ? '1' : undefined },
    data: file,
  });

/** A new job heads the history at once. */
export function useUploadImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: uploadImport,
    onSuccess: () => refreshAfterWrite(client, ['imports', 'jobs']),
  });
}
