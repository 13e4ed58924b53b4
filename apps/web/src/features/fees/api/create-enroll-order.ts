/**
 * POST /api/blade-finance/order/create-enroll {idCard, name, feeItemId, formData?}: an order of an
 * enrolment item for a newly admitted student, found again by ID number and name.
 */
import { useMutation } from '@tanstack/react-query';
import { refreshFinance } from '@/components/finance/finance-query';
import { requestData } from '@/lib/api-client';
import type { CreateEnrollRequest } from '@cf/shared/wire/order';
import type { CreatedOrder } from './fee-types';

export type EnrollOrderRequest = CreateEnrollRequest;

export const createEnrollOrder = (request: EnrollOrderRequest): Promise<CreatedOrder> =>
  requestData<CreatedOrder>({ method: 'post', url: '/api/blade-finance/order/create-enroll', data: request });

export const useCreateEnrollOrder = () =>
  useMutation({ mutationFn: createEnrollOrder, onSuccess: refreshFinance });
