/** GET /api/blade-desk/notice/categories: the tenant's notice categories, in the console's language. */
import type { NoticeCategory } from '@cf/shared/wire/notice';
import { useQuery } from '@tanstack/react-query';
import { requestData } from '@admin/lib/api-client';
import { useT } from '@admin/lib/i18n/use-t';

const listCategories = (): Promise<NoticeCategory[]> =>
  requestData<NoticeCategory[]>({ url: '/api/blade-desk/notice/categories' });

export function useNoticeCategories() {
  // The server names them in the request's language: one cache entry per language.
  const { language } = useT();
  return useQuery({
    queryKey: ['notice-categories', language],
    queryFn: listCategories,
    staleTime: 5 * 60_000,
  });
}
