/** POST /api/blade-desk/admin/notice/:id/attachment: one file (multipart field `file`, 10 MB, a short list of types). */
import { refreshAfterWrite } from '@cf/shared/query-refresh';
import type { AdminNotice } from '@cf/shared/wire/notice';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestData } from '@admin/lib/api-client';
import { NOTICES_KEY } from './list-notices';

export type NoticeFile = AdminNotice['attachments'][number];

function uploadAttachment({ noticeId, file }: { noticeId: number; file: File }): Promise<NoticeFile> {
  const form = new FormData();
  form.append('file', file, file.name);
  return requestData<NoticeFile>({
    url: `/api/blade-desk/admin/notice/${noticeId}/attachment`,
    method: 'post',
    data: form,
  });
}

export function useUploadAttachment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAttachment,
    onSuccess: () => refreshAfterWrite(queryClient, NOTICES_KEY),
  });
}
