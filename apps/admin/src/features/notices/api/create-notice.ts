/** POST /api/blade-desk/admin/notice: a new draft (the server sanitizes its HTML when storing). */
import { refreshAfterWrite } from '@cf/shared/query-refresh';
import type { AdminNotice, NoticeWriteRequest } from '@cf/shared/wire/notice';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestData } from '@admin/lib/api-client';
import { NOTICES_KEY } from './list-notices';

const createNotice = (body: NoticeWriteRequest): Promise<AdminNotice> =>
  requestData<AdminNotice>({ url: '/api/blade-desk/admin/notice', method: 'post', data: body });

export function useCreateNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createNotice,
    onSuccess: () => refreshAfterWrite(queryClient, NOTICES_KEY),
  });
}
