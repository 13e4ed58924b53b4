/**
 * The wire of the finance office's order routes (/api/blade-finance/admin/order/*): search, detail and
 * the XLSX export of a search. Full and partial refunds: admin-finance.ts (refundBody).
 */
import { REFUND_KINDS } from '@cf/shared/refund-reason';
import { z } from 'zod';
import { pageQuery } from './envelope';
import { calendarDate } from './fields';
import { orderDetailSchema, payStatusEnum } from './order';

const searchText = (max: number) => z.string().trim().max(max).optional();

/** The filters of a search (the export takes the same, without paging). */
export const orderFilters = z.object({
  person: searchText(64).describe('person name (part), student/staff number or ID number'),
  orderNo: searchText(64),
  paymentNo: searchText(64).describe("the channel's transaction id"),
  payStatus: payStatusEnum.optional(),
  channel: searchText(16).describe('wechat | alipay | sandbox'),
  from: calendarDate().optional().describe('created on or after this day (school time zone)'),
  to: calendarDate().optional().describe('created on or before this day'),
});
export type OrderFilters = z.infer<typeof orderFilters>;

export const adminOrderListQuery = pageQuery.extend(orderFilters.shape);

/**
 * What a search adds up to, over every order it finds (not one page): how many orders, what was paid
 * on them (orders that were ever paid, refunded ones included) and what has been refunded. The same
 * filters as the list; the export's totals row says the same.
 */
export const orderTotalsSchema = z.object({
  count: z.number(),
  paidFen: z.number().describe('sum of the order totals of orders that were paid (PAID or REFUND)'),
  refundedFen: z.number().describe('sum of what has been refunded on them'),
});
export type OrderTotals = z.infer<typeof orderTotalsSchema>;

export const adminOrderSchema = z.object({
  id: z.number(),
  orderNo: z.string(),
  orderType: z.string(),
  personType: z.string(),
  personName: z.string(),
  personNo: z.string().nullable(),
  totalFen: z.number(),
  refundedFen: z.number(),
  payStatus: payStatusEnum,
  payStatusColor: z.string(),
  channel: z.string().nullable(),
  paymentNo: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  itemsSummary: z.string(),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

export const adminRefundSchema = z.object({
  id: z.number(),
  outRefundNo: z.string(),
  amountFen: z.number(),
  kind: z.enum(REFUND_KINDS),
  status: z.string(),
  reason: z.string(),
  createdAt: z.string(),
});

export const adminOrderDetailSchema = orderDetailSchema.extend({
  personType: z.string(),
  personId: z.number(),
  personNo: z.string().nullable(),
  refunds: z.array(adminRefundSchema),
  /** What may still be refunded: paid, minus refunded, minus refunds still in flight (0 unless PAID). */
  refundableFen: z.number(),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;
