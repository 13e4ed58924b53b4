/** The wire of the finance office's dashboard (/api/blade-finance/admin/dashboard): money in fen. */
import { z } from 'zod';
import { payStatusEnum } from './order';

const takings = z.object({
  todayFen: z.number().describe('reviewed charges minus refunds booked today (school time zone)'),
  monthFen: z.number().describe('the same for this calendar month'),
  todayCount: z.number(),
  monthCount: z.number(),
});

export const dashboardSchema = z.object({
  total: takings,
  byChannel: z.array(
    takings.extend({ channel: z.string().describe('wechat | alipay | sandbox | other-means method') }),
  ),
  byItem: z.array(takings.extend({ item: z.string(), itemEn: z.string() })),
  ordersByState: z
    .array(z.object({ payStatus: payStatusEnum, count: z.number() }))
    .describe('orders created this month (Beijing time), by state'),
  queues: z.object({
    billsToReview: z.number().describe('other-means bills waiting for review (admin/bill/list?status=1)'),
    openExceptions: z.number().describe('payment exceptions open (admin/payment-exception/list)'),
    failedInvoices: z.number().describe('invoices failed (admin/invoice/list?status=failed)'),
    pendingBindings: z.number().describe('bindings pending (admin/binding/list)'),
  }),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
