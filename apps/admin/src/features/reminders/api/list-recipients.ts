/** GET /api/blade-finance/admin/reminder/campaign/:id/recipients: a campaign's people and each one's outcome. */
import type { Recipient, RecipientState } from '@cf/shared/wire/admin-reminders';
import type { Page } from '@cf/shared/wire/envelope';
import { useQuery } from '@tanstack/react-query';
import { requestData } from '@admin/lib/api-client';
import { CAMPAIGNS_KEY, LIVE_MS } from './list-campaigns';

export interface RecipientFilter {
  state?: RecipientState;
  paid?: 'yes' | 'no';
}

export const useRecipients = (
  id: number | undefined,
  filter: RecipientFilter,
  current: number,
  live: boolean,
) =>
  useQuery({
    queryKey: [...CAMPAIGNS_KEY, 'recipients', id, filter, current],
    enabled: id !== undefined,
    queryFn: () =>
      requestData<Page<Recipient>>({
        url: `/api/blade-finance/admin/reminder/campaign/${id}/recipients`,
        params: { ...filter, current, size: 10 },
      }),
    refetchInterval: live ? LIVE_MS : false,
  });
