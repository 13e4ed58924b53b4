/** POST /api/blade-finance/admin/reminder/campaign: remind everyone a filter reaches, now or at a time. */
import { refreshAfterWrite } from '@cf/shared/query-refresh';
import type { Campaign, CampaignRequest } from '@cf/shared/wire/admin-reminders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestData } from '@admin/lib/api-client';
import { CAMPAIGNS_KEY } from './list-campaigns';

export const useSendCampaign = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CampaignRequest) =>
      requestData<Campaign>({
        url: '/api/blade-finance/admin/reminder/campaign',
        method: 'post',
        data: body,
      }),
    onSuccess: () => refreshAfterWrite(client, CAMPAIGNS_KEY),
  });
};
