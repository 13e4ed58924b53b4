/** GET /api/blade-finance/admin/order/export: the current search as an XLSX file. */
import { downloadFile } from '@admin/lib/download';
import type { OrderSearch } from './list-orders';

export const exportOrders = (search: OrderSearch) =>
  downloadFile('/api/blade-finance/admin/order/export', { ...search }, 'orders.xlsx');
