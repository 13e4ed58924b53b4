/** GET /api/blade-finance/admin/reminder/campaign/list: the campaigns, newest first, with their progress. */
import type { Campaign } from '@cf/shared/wire/admin-reminders';
import type { Page } from '@cf/shared/wire/envelope';
import { useQuery } from '@tanstack/react-query';
import { requestData } from '@admin/lib/api-client';

export const CAMPAIGNS_KEY = ['reminder-campaigns'] as const;

/** While one is waiting or sending, the list is read again every few seconds (its progress). */
export const LIVE_MS = 3_000;
export const isLive = (c: Pick<Campaign, 'status'>) => c.status === 'scheduled' || c.status === 'running';

export const useCampaigns = (current: number, size = 10) =>
  useQuery({
    queryKey: [...CAMPAIGNS_KEY, 'list', current, size],
    queryFn: () =>
      requestData<Page<Campaign>>({
        url: '/api/blade-finance/admin/reminder/campaign/list',
        params: { current, size },
      }),
    refetchInterval: (query) => (query.state.data?.records.some(isLive) ? LIVE_MS : false),
  });
