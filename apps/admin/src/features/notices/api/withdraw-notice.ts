/** POST /api/blade-desk/admin/notice/:id/withdraw: a published notice is gone for every reader. */
import { refreshAfterWrite } from '@cf/shared/query-refresh';
import type { AdminNotice } from '@cf/shared/wire/notice';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestData } from '@admin/lib/api-client';
import { NOTICES_KEY } from './list-notices';

const withdrawNotice = (id: number): Promise<AdminNotice> =>
  requestData<AdminNotice>({ url: `/api/blade-desk/admin/notice/${id}/withdraw`, method: 'post' });

export function useWithdrawNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawNotice,
    onSuccess: () => refreshAfterWrite(queryClient, NOTICES_KEY),
  });
}
