/** GET /api/blade-finance/admin/reminder/campaign/:id: one campaign with its progress. */
import type { Campaign } from '@cf/shared/wire/admin-reminders';
import { useQuery } from '@tanstack/react-query';
import { requestData } from '@admin/lib/api-client';
import { CAMPAIGNS_KEY, LIVE_MS, isLive } from './list-campaigns';

export const useCampaign = (id: number | undefined) =>
  useQuery({
    queryKey: [...CAMPAIGNS_KEY, 'one', id],
    enabled: id !== undefined,
    queryFn: () => requestData<Campaign>({ url: `/api/blade-finance/admin/reminder/campaign/${id}` }),
    refetchInterval: (query) => (query.state.data && isLive(query.state.data) ? LIVE_MS : false),
  });
