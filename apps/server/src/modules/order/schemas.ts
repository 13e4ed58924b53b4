/** Request and reply shapes of /api/blade-finance/order/* (they also make the OpenAPI document). */
import { ORDER_TABS } from '@cf/shared/fees';
import { z } from 'zod';
import { pageQuery } from '@server/http/envelope';
import { count, fen, id } from '@cf/shared/wire/fields';
import { billSchema } from '../fee/schemas';

const receivableRequest = z.object({
  receivableId: id,
  amountFen: fen().optional(),
});
export type ReceivableRequest = z.infer<typeof receivableRequest>;

export const createFeeBody = z.object({ items: z.array(receivableRequest).max(50) });

const formData = z.record(z.string(), z.union([z.string(), z.number()])).optional();

export const createOtherBody = z.object({
  feeItemId: id.optional(),
  receivableId: id.optional(),
  quantity: count().optional(),
  amountFen: fen().optional(),
  formData,
});
export type CreateOtherBody = z.infer<typeof createOtherBody>;

export const createEnrollBody = z.object({
  idCard: z.string().trim().min(1).max(32),
  name: z.string().trim().min(1).max(64),
  feeItemId: id,
  formData,
});
export type CreateEnrollBody = z.infer<typeof createEnrollBody>;

export const createdOrderSchema = z.object({
  orderId: z.number(),
  orderNo: z.string(),
  totalFen: z.number(),
  expireAt: z.string(),
});

export const orderListQuery = pageQuery.extend({
  tab: z.enum(Object.keys(ORDER_TABS) as [keyof typeof ORDER_TABS]).default('all'),
});
export type OrderListQuery = z.infer<typeof orderListQuery>;

const payStatus = z.enum(['NOT_PAY', 'PAYING', 'PAID', 'REFUND', 'CLOSED']);

export const orderRecordSchema = z.object({
  id: z.number(),
  orderNo: z.string(),
  orderType: z.string(),
  totalFen: z.number(),
  payStatus,
  payStatusColor: z.string(),
  createdAt: z.string(),
  expireAt: z.string(),
  personName: z.string(),
  userName: z.string(),
  itemsSummary: z.string(),
});

export const orderItemSchema = z.object({
  id: z.number(),
  receivableId: z.number().nullable(),
  feeItemId: z.number().nullable(),
  name: z.string(),
  nameEn: z.string(),
  priceFen: z.number(),
  quantity: z.number(),
  amountFen: z.number(),
  formData: z.record(z.string(), z.string()),
});

export const orderDetailSchema = z.object({
  id: z.number(),
  orderNo: z.string(),
  orderType: z.string(),
  createdAt: z.string(),
  totalFen: z.number(),
  refundedFen: z.number(),
  userName: z.string(),
  personName: z.string(),
  payerName: z.string(),
  paymentNo: z.string().nullable(),
  paidAt: z.string().nullable(),
  payMethod: z.string().nullable(),
  channel: z.string().nullable(),
  invoiceStatus: z.string(),
  signatureStatus: z.string(),
  payStatus,
  payStatusColor: z.string(),
  expireAt: z.string(),
  closedAt: z.string().nullable(),
  closeReason: z.string().nullable(),
  items: z.array(orderItemSchema),
  bills: z.array(billSchema),
});

export const cancelResultSchema = z.object({
  /** closed: now CLOSED; paid: the channel had been paid, the order is PAID; final: it was already final. */
  result: z.enum(['closed', 'paid', 'final']),
  payStatus,
  payStatusColor: z.string(),
});
