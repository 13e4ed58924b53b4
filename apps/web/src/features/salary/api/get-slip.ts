/** GET /api/blade-finance/salary/slip/:id: one slip, its items by group and its neighbours. */
import type { SlipDetail } from '@cf/shared/wire/salary';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { salaryRead } from './salary-request';

export const getSlip = (id: string): Promise<SlipDetail> =>
  salaryRead<SlipDetail>(`/api/blade-finance/salary/slip/${encodeURIComponent(id)}`);

export const slipQuery = (id: string) =>
  queryOptions({ queryKey: ['salary', 'slip', id], queryFn: () => getSlip(id), staleTime: 60_000 });

export const useSlip = (id: string) => useQuery(slipQuery(id));
