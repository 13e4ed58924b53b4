/** POST /api/blade-finance/admin/reminder/schedule: remind whoever still owes an item N days before its due date. */
import { refreshAfterWrite } from '@cf/shared/query-refresh';
import type { ReminderSchedule, ScheduleRequest } from '@cf/shared/wire/admin-reminders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestData } from '@admin/lib/api-client';
import { SCHEDULES_KEY } from './list-schedules';

export const useAddSchedule = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ScheduleRequest) =>
      requestData<ReminderSchedule>({
        url: '/api/blade-finance/admin/reminder/schedule',
        method: 'post',
        data: body,
      }),
    onSuccess: () => refreshAfterWrite(client, SCHEDULES_KEY),
  });
};
