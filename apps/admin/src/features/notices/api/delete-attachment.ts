/** DELETE /api/blade-desk/admin/notice/:id/attachment/:attachmentId: the file is taken off (and deleted). */
import { refreshAfterWrite } from '@cf/shared/query-refresh';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestData } from '@admin/lib/api-client';
import { NOTICES_KEY } from './list-notices';

const deleteAttachment = ({ noticeId, id }: { noticeId: number; id: number }): Promise<{ id: number }> =>
  requestData<{ id: number }>({
    url: `/api/blade-desk/admin/notice/${noticeId}/attachment/${id}`,
    method: 'delete',
  });

export function useDeleteAttachment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAttachment,
    onSuccess: () => refreshAfterWrite(queryClient, NOTICES_KEY),
  });
}
