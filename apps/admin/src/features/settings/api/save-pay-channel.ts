/** PUT /api/blade-finance/admin/settings/pay-channels/:channel: keys are sent, never read back. */
import type { PayChannelSettings, PayChannelChange } from '@cf/shared/wire/admin-settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestData } from '@admin/lib/api-client';
import { SETTINGS_KEY } from './get-settings';

export const useSavePayChannel = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ channel, change }: { channel: string; change: PayChannelChange }) =>
      requestData<PayChannelSettings>({
        url: `/api/blade-finance/admin/settings/pay-channels/${channel}`,
        method: 'put',
        data: change,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: SETTINGS_KEY }),
  });
};
