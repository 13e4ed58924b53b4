/** POST /api/blade-desk/admin/notice/preview: the HTML as storing would keep it (the server's allow-list). */
import type { NoticePreview } from '@cf/shared/wire/notice';
import { useQuery } from '@tanstack/react-query';
import { requestData } from '@admin/lib/api-client';

const previewNotice = (content: string): Promise<NoticePreview> =>
  requestData<NoticePreview>({
    url: '/api/blade-desk/admin/notice/preview',
    method: 'post',
    data: { content },
    silent: true,
  });

/** The server's cut of `content`; the last answer stays while the next is on its way. */
export const useNoticePreview = (content: string) =>
  useQuery({
    queryKey: ['admin-notice-preview', content],
    queryFn: () => previewNotice(content),
    placeholderData: (previous) => previous,
    staleTime: Infinity,
  });
