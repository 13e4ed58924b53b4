/** POST /api/blade-finance/admin/binding/{id}/approve: pending -> active; the user now reads the person. */
import { refreshAfterWrite } from '@cf/shared/query-refresh';
import type { BindingReview } from '@cf/shared/wire/admin-users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestData } from '@admin/lib/api-client';
import { bindingsKey } from './get-bindings';

export function useApproveBinding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      requestData<BindingReview>({ method: 'post', url: `/api/blade-finance/admin/binding/${id}/approve` }),
    onSettled: () => refreshAfterWrite(queryClient, bindingsKey),
  });
}
