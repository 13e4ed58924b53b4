/** PUT /api/blade-finance/admin/settings/providers/:kind: the SMS or mail provider (token write-only). */
import { refreshAfterWrite } from '@cf/shared/query-refresh';
import type { ProviderSettings, ProviderChange } from '@cf/shared/wire/admin-settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestData } from '@admin/lib/api-client';
import { SETTINGS_KEY } from './get-settings';

export const useSaveProvider = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, change }: { kind: string; change: ProviderChange }) =>
      requestData<ProviderSettings>({
        url: `/api/blade-finance/admin/settings/providers/${kind}`,
        method: 'put',
        data: change,
      }),
    onSuccess: () => refreshAfterWrite(client, SETTINGS_KEY),
  });
};
