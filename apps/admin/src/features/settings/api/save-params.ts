/** PUT /api/blade-finance/admin/settings/params: the binding and account params the phones read. */
import { refreshAfterWrite } from '@cf/shared/query-refresh';
import type { SettingsParamKey } from '@cf/shared/wire/admin-settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestData } from '@admin/lib/api-client';
import { SETTINGS_KEY } from './get-settings';

export const useSaveParams = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (params: Partial<Record<SettingsParamKey, string>>) =>
      requestData<{ changed: string[] }>({
        url: '/api/blade-finance/admin/settings/params',
        method: 'put',
        data: { params },
      }),
    onSuccess: () => refreshAfterWrite(client, SETTINGS_KEY),
  });
};
