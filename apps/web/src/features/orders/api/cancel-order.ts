/**
 * POST /api/blade-finance/order/cancel/{id}: cancels my unpaid order. The channel is asked first,
 * so the answer may be that it was paid after all ('paid'), or was already final ('final').
 */
import type { CancelResult } from '@cf/shared/wire/order';
import { useMutation } from '@tanstack/react-query';
import { refreshFinance } from '@/components/finance/finance-query';
import { requestData } from '@/lib/api-client';

export type { CancelResult };

export const cancelOrder = (id: number): Promise<CancelResult> =>
  requestData<CancelResult>({ method: 'post', url: `/api/blade-finance/order/cancel/${id}` });

export const useCancelOrder = () => useMutation({ mutationFn: cancelOrder, onSuccess: refreshFinance });
