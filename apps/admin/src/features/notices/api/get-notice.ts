/** GET /api/blade-desk/admin/notice/:id: one notice as stored (content already cut to the allow-list). */
import type { AdminNotice } from '@cf/shared/wire/notice';
import { useQuery } from '@tanstack/react-query';
import { requestData } from '@admin/lib/api-client';
import { NOTICES_KEY } from './list-notices';

const getNotice = (id: number): Promise<AdminNotice> =>
  requestData<AdminNotice>({ url: `/api/blade-desk/admin/notice/${id}` });

export const noticeKey = (id: number) => [...NOTICES_KEY, 'one', id] as const;

export const useNotice = (id: number | undefined) =>
  useQuery({
    queryKey: noticeKey(id ?? 0),
    queryFn: () => getNotice(id!),
    enabled: id !== undefined,
  });
