/** POST /api/blade-finance/admin/salary/other-income/import[?dryRun=1]: a batch of other income, the file as the body. */
import type { R } from '@cf/shared/wire/envelope';
import type { ImportReport } from '@cf/shared/wire/salary';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@admin/lib/api-client';
import { SALARY_KEY, fileType } from './salary-keys';

const importOtherIncome = ({ file, dryRun }: { file: File; dryRun: boolean }): Promise<R<ImportReport>> =>
  request<R<ImportReport>>({
    url: '/api/blade-finance/admin/salary/other-income/import',
    method: 'post',
    params: { dryRun: dryRun ? 1 : undefined },
    headers: { 'Content-Type': fileType(file) },
    data: file,
  });

export function useImportOtherIncome() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importOtherIncome,
    onSuccess: (reply) => {
      if (reply.data.stored) void queryClient.invalidateQueries({ queryKey: SALARY_KEY });
    },
  });
}
