/** GET /api/blade-finance/admin/order/export: the current search as an XLSX file. */
import { downloadFile } from '@admin/lib/api-client';
import type { OrderSearch } from './list-orders';

export const exportOrders = (search: OrderSearch) =>
  downloadFile({ url: '/api/blade-finance/admin/order/export', params: { ...search } }, 'orders.xlsx');
