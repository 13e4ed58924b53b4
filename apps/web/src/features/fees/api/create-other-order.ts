/**
 * POST /api/blade-finance/order/create-other: an order of a comprehensive receivable
 * ({receivableId, amountFen?}) or of a manual / top-up item ({feeItemId, quantity?, amountFen?, formData?}).
 */
import { useMutation } from '@tanstack/react-query';
import { refreshFinance } from '@/components/finance/finance-query';
import { requestData } from '@/lib/api-client';
import type { CreateOtherRequest } from '@cf/shared/wire/order';
import type { CreatedOrder } from './fee-types';

export type OtherOrderRequest = CreateOtherRequest;

export const createOtherOrder = (request: OtherOrderRequest): Promise<CreatedOrder> =>
  requestData<CreatedOrder>({ method: 'post', url: '/api/blade-finance/order/create-other', data: request });

export const useCreateOtherOrder = () =>
  useMutation({ mutationFn: createOtherOrder, onSuccess: refreshFinance });
