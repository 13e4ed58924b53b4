/** GET /api/blade-finance/admin/import/job/{id}: polled while the job is being checked or committed. */
import type { ImportJob } from '@cf/shared/wire/admin-imports';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestData } from '@admin/lib/api-client';
import type { Language } from '@admin/lib/i18n/i18n';

/** How often the progress bar asks. */
const POLL_MS = 400;

export const isRunning = (job: Pick<ImportJob, 'status'> | undefined) =>
  job?.status === 'checking' || job?.status === 'committing';

export const getImportJob = (id: number) =>
  requestData<ImportJob>({ url: `/api/blade-finance/admin/import/job/${id}` });

/** The language is in the key: the report's messages come translated by the server. */
export const importJobQuery = (id: number, language: Language) =>
  queryOptions({
    queryKey: ['imports', 'job', id, language],
    queryFn: () => getImportJob(id),
    refetchInterval: (query) => (isRunning(query.state.data) ? POLL_MS : false),
  });

export const useImportJob = (id: number | undefined, language: Language) =>
  useQuery({ ...importJobQuery(id ?? 0, language), enabled: id !== undefined });
