/** POST /api/blade-finance/admin/binding/{id}/refuse: pending -> refused, with a reason the binder reads. */
import { refreshAfterWrite } from '@cf/shared/query-refresh';
import type { BindingReview } from '@cf/shared/wire/admin-users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestData } from '@admin/lib/api-client';
import { bindingsKey } from './get-bindings';

export function useRefuseBinding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      requestData<BindingReview>({
        method: 'post',
        url: `/api/blade-finance/admin/binding/${id}/refuse`,
        data: reason.trim() ? { reason: reason.trim() } : {},
      }),
    onSettled: () => refreshAfterWrite(queryClient, bindingsKey),
  });
}
