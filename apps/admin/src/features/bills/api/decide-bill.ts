/**
 * POST /api/blade-finance/admin/bill/{id}/review (1 -> 2: counts as received) or …/void (1 -> 0: never
 * counts). The server refuses a bill no longer waiting, in words.
 */
import { refreshAfterWrite } from '@cf/shared/query-refresh';
import type { Bill } from '@cf/shared/wire/fee';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestData } from '@admin/lib/api-client';
import { billsKey } from './get-bills';

export function useDecideBill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: number; decision: 'review' | 'void' }) =>
      requestData<Bill>({ method: 'post', url: `/api/blade-finance/admin/bill/${id}/${decision}` }),
    onSettled: () => refreshAfterWrite(queryClient, billsKey),
  });
}
