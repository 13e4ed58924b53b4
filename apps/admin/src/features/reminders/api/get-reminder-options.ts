/** GET /api/blade-finance/admin/reminder/options: the items owed, grades, colleges and classes to choose from. */
import type { ReminderOptions } from '@cf/shared/wire/admin-reminders';
import { useQuery } from '@tanstack/react-query';
import { requestData } from '@admin/lib/api-client';

export const useReminderOptions = () =>
  useQuery({
    queryKey: ['reminder-options'],
    queryFn: () => requestData<ReminderOptions>({ url: '/api/blade-finance/admin/reminder/options' }),
  });
