/** GET /api/blade-finance/admin/rating/averages: the average score (1–5) and count of ratings per item. */
import type { RatingAverages } from '@cf/shared/wire/rating';
import { useQuery } from '@tanstack/react-query';
import { requestData } from '@admin/lib/api-client';

export const useRatingAverages = () =>
  useQuery({
    queryKey: ['admin-rating-averages'],
    queryFn: () => requestData<RatingAverages>({ url: '/api/blade-finance/admin/rating/averages' }),
  });
