/** PUT /api/blade-finance/admin/settings/pay-channels/:channel: keys are sent, never read back. */
import { refreshAfterWrite } from '@cf/shared/query-refresh';
import type { z } from 'zod';
import type {
  PayChannelSettings,
  PayChannelChange,
  payChannelCheckSchema,
} from '@cf/shared/wire/admin-settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestData } from '@admin/lib/api-client';
import { SETTINGS_KEY } from './get-settings';

type PayChannelCheck = z.infer<typeof payChannelCheckSchema>;

export const useSavePayChannel = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ channel, change }: { channel: string; change: PayChannelChange }) =>
      requestData<PayChannelSettings>({
        url: `/api/blade-finance/admin/settings/pay-channels/${channel}`,
        method: 'put',
        data: change,
      }),
    onSuccess: () => refreshAfterWrite(client, SETTINGS_KEY),
  });
};

/** POST …/pay-channels/:channel/check: a test call with the saved settings (a refusal shows as any failed call). */
export const useCheckPayChannel = () =>
  useMutation({
    mutationFn: (channel: string) =>
      requestData<PayChannelCheck>({
        url: `/api/blade-finance/admin/settings/pay-channels/${channel}/check`,
        method: 'post',
      }),
  });
