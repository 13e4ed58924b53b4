/** GET /api/blade-finance/admin/reminder/schedule/list: the reminders scheduled per item, cancelled ones too. */
import type { ReminderSchedule } from '@cf/shared/wire/admin-reminders';
import { useQuery } from '@tanstack/react-query';
import { requestData } from '@admin/lib/api-client';

export const SCHEDULES_KEY = ['reminder-schedules'] as const;

export const useSchedules = () =>
  useQuery({
    queryKey: SCHEDULES_KEY,
    queryFn: () =>
      requestData<ReminderSchedule[]>({ url: '/api/blade-finance/admin/reminder/schedule/list' }),
  });
