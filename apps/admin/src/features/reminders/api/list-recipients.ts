/** GET /api/blade-finance/admin/reminder/campaign/:id/recipients: a campaign's people and each one's outcome. */
import type { CampaignStatus, Recipient, RecipientState } from '@cf/shared/wire/admin-reminders';
import type { Page } from '@cf/shared/wire/envelope';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { requestData } from '@admin/lib/api-client';
import { CAMPAIGNS_KEY, LIVE_MS, isLive } from './list-campaigns';

export interface RecipientFilter {
  state?: RecipientState;
  paid?: 'yes' | 'no';
}

/**
 * Read again every few seconds while the campaign waits or sends, and once more when its state changes
 * (the state is part of the key): the last messages may go out between two reads.
 */
export const useRecipients = (
  id: number | undefined,
  filter: RecipientFilter,
  current: number,
  status: CampaignStatus | undefined,
) =>
  useQuery({
    queryKey: [...CAMPAIGNS_KEY, 'recipients', id, filter, current, status],
    enabled: id !== undefined,
    queryFn: () =>
      requestData<Page<Recipient>>({
        url: `/api/blade-finance/admin/reminder/campaign/${id}/recipients`,
        params: { ...filter, current, size: 10 },
      }),
    placeholderData: keepPreviousData,
    refetchInterval: status && isLive({ status }) ? LIVE_MS : false,
  });
