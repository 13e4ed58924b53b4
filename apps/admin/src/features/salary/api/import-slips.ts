/**
 * POST /api/blade-finance/admin/salary/import?period=YYYY-MM[&replace=1][&dryRun=1]: a month's slips,
 * the CSV or XLSX file itself as the body. Answered 200 with the line report whether stored or not;
 * `msg` says what happened.
 */
import type { R } from '@cf/shared/wire/envelope';
import type { ImportReport } from '@cf/shared/wire/salary';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@admin/lib/api-client';
import { SALARY_KEY, fileType } from './salary-keys';

export interface SlipImport {
  file: File;
  period: string;
  replace: boolean;
  dryRun: boolean;
}

const importSlips = ({ file, period, replace, dryRun }: SlipImport): Promise<R<ImportReport>> =>
  request<R<ImportReport>>({
    url: '/api/blade-finance/admin/salary/import',
    method: 'post',
    params: { period, replace: replace ? 1 : undefined, dryRun: dryRun ? 1 : undefined },
    headers: { 'Content-Type': fileType(file) },
    data: file,
  });

export function useImportSlips() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importSlips,
    onSuccess: (reply) => {
      if (reply.data.stored) void queryClient.invalidateQueries({ queryKey: SALARY_KEY });
    },
  });
}
