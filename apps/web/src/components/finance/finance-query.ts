/**
 * Every fee, order and pay query key starts with FINANCE_QUERY_ROOT, so that after an order is
 * created, paid or cancelled everything that shows money is fetched afresh.
 */
import { queryClient } from '@/lib/query-client';
import { refreshAfterWrite } from '@cf/shared/query-refresh';

export const FINANCE_QUERY_ROOT = 'finance';

export const refreshFinance = (): Promise<void> => refreshAfterWrite(queryClient, [FINANCE_QUERY_ROOT]);
