/** GET /api/blade-finance/admin/import/job/list: the tenant's imports, newest first, of one kind or all. */
import type { ImportJobSummary, ImportKind } from '@cf/shared/wire/admin-imports';
import type { Page } from '@cf/shared/wire/envelope';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { requestData } from '@admin/lib/api-client';
import type { Language } from '@admin/lib/i18n/i18n';

/** Polled while one of the page's imports is still being checked or stored. */
const POLL_MS = 2000;

export const useImportJobs = (
  kind: ImportKind | undefined,
  current: number,
  size: number,
  language: Language,
) =>
  useQuery({
    queryKey: ['imports', 'jobs', kind, current, size, language],
    queryFn: () =>
      requestData<Page<ImportJobSummary>>({
        url: '/api/blade-finance/admin/import/job/list',
        params: { kind, current, size },
      }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.records.some((j) => j.status === 'checking' || j.status === 'committing')
        ? POLL_MS
        : false,
  });
