/**
 * POST /api/blade-finance/order/create-fee {items:[{receivableId, amountFen?}]}: an order of the
 * chosen student fees. amountFen only where the item allows part payment; the server prices it.
 */
import { useMutation } from '@tanstack/react-query';
import { refreshFinance } from '@/components/finance/finance-query';
import { requestData } from '@/lib/api-client';
import type { FeeOrderLine } from '@cf/shared/wire/order';
import type { CreatedOrder } from './fee-types';

export type { FeeOrderLine };

export const createFeeOrder = (items: FeeOrderLine[]): Promise<CreatedOrder> =>
  requestData<CreatedOrder>({ method: 'post', url: '/api/blade-finance/order/create-fee', data: { items } });

export const useCreateFeeOrder = () => useMutation({ mutationFn: createFeeOrder, onSuccess: refreshFinance });
