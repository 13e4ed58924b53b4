/** POST /api/blade-desk/admin/notice/:id/publish: a draft goes out now (its release time is set). */
import { refreshAfterWrite } from '@cf/shared/query-refresh';
import type { AdminNotice } from '@cf/shared/wire/notice';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestData } from '@admin/lib/api-client';
import { NOTICES_KEY } from './list-notices';

const publishNotice = (id: number): Promise<AdminNotice> =>
  requestData<AdminNotice>({ url: `/api/blade-desk/admin/notice/${id}/publish`, method: 'post' });

export function usePublishNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishNotice,
    onSuccess: () => refreshAfterWrite(queryClient, NOTICES_KEY),
  });
}
