/** POST /api/blade-finance/admin/reminder/campaign/:id/stop: what was not sent stays unsent. */
import { refreshAfterWrite } from '@cf/shared/query-refresh';
import type { Campaign } from '@cf/shared/wire/admin-reminders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestData } from '@admin/lib/api-client';
import { CAMPAIGNS_KEY } from './list-campaigns';

export const useStopCampaign = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      requestData<Campaign>({ url: `/api/blade-finance/admin/reminder/campaign/${id}/stop`, method: 'post' }),
    onSuccess: () => refreshAfterWrite(client, CAMPAIGNS_KEY),
  });
};
