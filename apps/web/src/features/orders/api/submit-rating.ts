/** POST /api/blade-finance/rating/submit/{id}: rates my paid order 0–5 with an optional comment, once. */
import type { OrderRating, SubmitRatingRequest } from '@cf/shared/wire/rating';
import { useMutation } from '@tanstack/react-query';
import { refreshFinance } from '@/components/finance/finance-query';
import { requestData } from '@/lib/api-client';

export const submitRating = ({ orderId, ...body }: SubmitRatingRequest & { orderId: number }) =>
  requestData<OrderRating>({
    method: 'post',
    url: `/api/blade-finance/rating/submit/${orderId}`,
    data: body,
  });

export const useSubmitRating = () => useMutation({ mutationFn: submitRating, onSuccess: refreshFinance });
