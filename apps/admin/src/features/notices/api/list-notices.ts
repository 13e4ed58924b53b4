/** GET /api/blade-desk/admin/notice/list: the tenant's notices (any status), newest first, by status and category. */
import type { Page } from '@cf/shared/wire/envelope';
import type { AdminNotice } from '@cf/shared/wire/notice';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { requestData } from '@admin/lib/api-client';

export interface NoticeFilter {
  current: number;
  size: number;
  status?: AdminNotice['status'];
  category?: string;
}

const listNotices = (filter: NoticeFilter): Promise<Page<AdminNotice>> =>
  requestData<Page<AdminNotice>>({ url: '/api/blade-desk/admin/notice/list', params: { ...filter } });

export const NOTICES_KEY = ['admin-notices'] as const;

export const useNotices = (filter: NoticeFilter) =>
  useQuery({
    queryKey: [...NOTICES_KEY, 'list', filter],
    queryFn: () => listNotices(filter),
    placeholderData: keepPreviousData,
  });
