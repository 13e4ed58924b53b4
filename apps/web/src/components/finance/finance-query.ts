/**
 * Every fee, order and pay query key starts with FINANCE_QUERY_ROOT, so that after an order is
 * created, paid or cancelled everything that shows money is fetched afresh.
 */
import { refreshAfterWrite } from '@cf/shared/query-refresh';
import { queryClient } from '@/lib/query-client';

export const FINANCE_QUERY_ROOT = 'finance';

export const refreshFinance = (): Promise<void> => refreshAfterWrite(queryClient, [FINANCE_QUERY_ROOT]);
