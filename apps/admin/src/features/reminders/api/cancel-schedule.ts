/** POST /api/blade-finance/admin/reminder/schedule/:id/cancel: the scheduled reminder fires no more. */
import { refreshAfterWrite } from '@cf/shared/query-refresh';
import type { ReminderSchedule } from '@cf/shared/wire/admin-reminders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestData } from '@admin/lib/api-client';
import { SCHEDULES_KEY } from './list-schedules';

export const useCancelSchedule = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      requestData<ReminderSchedule>({
        url: `/api/blade-finance/admin/reminder/schedule/${id}/cancel`,
        method: 'post',
      }),
    onSuccess: () => refreshAfterWrite(client, SCHEDULES_KEY),
  });
};
