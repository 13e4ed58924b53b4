/** PUT /api/blade-finance/admin/settings/wechat-templates: the template id of each kind of message. */
import { refreshAfterWrite } from '@cf/shared/query-refresh';
import type { WechatTemplates, WechatTemplatesChange } from '@cf/shared/wire/admin-settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestData } from '@admin/lib/api-client';
import { SETTINGS_KEY } from './get-settings';

export const useSaveWechatTemplates = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: WechatTemplatesChange) =>
      requestData<WechatTemplates>({
        url: '/api/blade-finance/admin/settings/wechat-templates',
        method: 'put',
        data: change,
      }),
    onSuccess: () => refreshAfterWrite(client, SETTINGS_KEY),
  });
};
