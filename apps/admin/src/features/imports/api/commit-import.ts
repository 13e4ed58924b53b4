/** POST /api/blade-finance/admin/import/job/{id}/commit: stores a checked job without errors. */
import { refreshAfterWrite } from '@cf/shared/query-refresh';
import type { ImportJob } from '@cf/shared/wire/admin-imports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestData } from '@admin/lib/api-client';
import { getLanguage } from '@admin/lib/i18n/i18n';
import { importJobQuery } from './get-import-job';

export const commitImport = (id: number) =>
  requestData<ImportJob>({ url: `/api/blade-finance/admin/import/job/${id}/commit`, method: 'post' });

export function useCommitImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: commitImport,
    onSuccess: (job) => {
      client.setQueryData(importJobQuery(job.id, getLanguage()).queryKey, job);
      void refreshAfterWrite(client, ['imports', 'jobs']);
    },
  });
}
