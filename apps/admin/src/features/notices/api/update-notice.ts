/** PUT /api/blade-desk/admin/notice/:id: edit a draft or a published notice (a withdrawn one is read-only). */
import { refreshAfterWrite } from '@cf/shared/query-refresh';
import type { AdminNotice, NoticeWriteRequest } from '@cf/shared/wire/notice';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestData } from '@admin/lib/api-client';
import { NOTICES_KEY } from './list-notices';

const updateNotice = ({ id, body }: { id: number; body: NoticeWriteRequest }): Promise<AdminNotice> =>
  requestData<AdminNotice>({ url: `/api/blade-desk/admin/notice/${id}`, method: 'put', data: body });

export function useUpdateNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotice,
    onSuccess: () => refreshAfterWrite(queryClient, NOTICES_KEY),
  });
}
