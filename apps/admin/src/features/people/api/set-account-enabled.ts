/** POST /api/blade-finance/admin/user/{id}/disable | enable: a disabled account's tokens stop at once. */
import { refreshAfterWrite } from '@cf/shared/query-refresh';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestData } from '@admin/lib/api-client';

export function useSetAccountEnabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, enabled }: { userId: number; enabled: boolean }) =>
      requestData<{ userId: string; status: number }>({
        url: `/api/blade-finance/admin/user/${userId}/${enabled ? 'enable' : 'disable'}`,
        method: 'post',
      }),
    onSuccess: () => void refreshAfterWrite(queryClient, ['admin', 'people']),
  });
}
