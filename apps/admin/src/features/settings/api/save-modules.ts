/** PUT /api/blade-finance/admin/settings/modules: the mobile modules the phones show. */
import { refreshAfterWrite } from '@cf/shared/query-refresh';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestData } from '@admin/lib/api-client';
import { SETTINGS_KEY } from './get-settings';

export const useSaveModules = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (modules: string[]) =>
      requestData<{ modules: string[] }>({
        url: '/api/blade-finance/admin/settings/modules',
        method: 'put',
        data: { modules },
      }),
    onSuccess: () => refreshAfterWrite(client, SETTINGS_KEY),
  });
};
