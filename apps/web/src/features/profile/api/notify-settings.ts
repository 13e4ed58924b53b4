/** GET / POST /api/blade-user/notify-settings: which kinds of message the signed-in user receives. */
import type { NotifySettings, NotifySettingsInput } from '@cf/shared/wire/notify';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestData } from '@/lib/api-client';

const URL = '/api/blade-user/notify-settings';

export const notifySettingsQuery = () =>
  queryOptions({
    queryKey: ['notify-settings'],
    queryFn: () => requestData<NotifySettings>({ url: URL }),
  });

export const useNotifySettings = () => useQuery(notifySettingsQuery());

export function useSaveNotifySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NotifySettingsInput) =>
      requestData<NotifySettings>({ method: 'post', url: URL, data: input }),
    onSuccess: (settings) => queryClient.setQueryData(notifySettingsQuery().queryKey, settings),
  });
}
