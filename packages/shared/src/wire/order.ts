/**
 * The wire contract of /api/blade-finance/order/*: request and reply shapes. The server's route schemas
 * (and so the OpenAPI document) are these objects; the web's types are their z.infer / z.input.
 */
import { ORDER_TABS } from '@cf/shared/fees';
import { z } from 'zod';
import { pageQuery } from './envelope';
import { billSchema } from './fee';
import { count, fen, id, lastPayFailedField } from './fields';

export const payStatusEnum = z.enum(['NOT_PAY', 'PAYING', 'PAID', 'REFUND', 'CLOSED']);

const receivableRequest = z.object({
  receivableId: id,
  amountFen: fen().optional(),
});
export type ReceivableRequest = z.infer<typeof receivableRequest>;
/** One line of a student-fee order as the web sends it: amountFen only where part payment is allowed. */
export type FeeOrderLine = z.input<typeof receivableRequest>;

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
/** A comprehensive receivable ({receivableId, amountFen?}) or a catalogue item ({feeItemId, quantity?, amountFen?, formData?}). */
export type CreateOtherRequest = z.input<typeof createOtherBody>;

export const createEnrollBody = z.object({
  idCard: z.string().trim().min(1).max(32),
  name: z.string().trim().min(1).max(64),
  feeItemId: id,
  formData,
});
export type CreateEnrollBody = z.infer<typeof createEnrollBody>;
export type CreateEnrollRequest = z.input<typeof createEnrollBody>;

export const createdOrderSchema = z.object({
  orderId: z.number(),
  orderNo: z.string(),
  totalFen: z.number(),
  expireAt: z.string(),
});
export type CreatedOrder = z.infer<typeof createdOrderSchema>;

export const orderListQuery = pageQuery.extend({
  tab: z.enum(Object.keys(ORDER_TABS) as [keyof typeof ORDER_TABS]).default('all'),
});
export type OrderListQuery = z.infer<typeof orderListQuery>;

export const orderRecordSchema = z.object({
  id: z.number(),
  orderNo: z.string(),
  orderType: z.string(),
  totalFen: z.number(),
  payStatus: payStatusEnum,
  payStatusColor: z.string(),
  lastPayFailed: lastPayFailedField,
  /** none (uninvoiced) | requested | issued (viewable) | failed: modules/invoice/invoice-status.ts */
  invoiceStatus: z.string(),
  createdAt: z.string(),
  expireAt: z.string(),
  /** The bound user: whose fee it is. */
  personName: z.string(),
  /** The order user: who created it. */
  userName: z.string(),
  itemsSummary: z.string(),
});
export type OrderRecord = z.infer<typeof orderRecordSchema>;

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
  /** The order user: who created it. */
  userName: z.string(),
  /** The bound user: whose fee it is. */
  personName: z.string(),
  payerName: z.string(),
  paymentNo: z.string().nullable(),
  paidAt: z.string().nullable(),
  payMethod: z.string().nullable(),
  channel: z.string().nullable(),
  /** none (uninvoiced) | requested | issued (viewable) | failed: modules/invoice/invoice-status.ts */
  invoiceStatus: z.string(),
  /** none | signed */
  signatureStatus: z.string(),
  payStatus: payStatusEnum,
  payStatusColor: z.string(),
  lastPayFailed: lastPayFailedField,
  expireAt: z.string(),
  closedAt: z.string().nullable(),
  closeReason: z.string().nullable(),
  items: z.array(orderItemSchema),
  bills: z.array(billSchema),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

export const cancelResultSchema = z.object({
  /** closed: now CLOSED; paid: the channel had been paid, the order is PAID; final: it was already final. */
  result: z.enum(['closed', 'paid', 'final']),
  payStatus: payStatusEnum,
  payStatusColor: z.string(),
});
export type CancelResult = z.infer<typeof cancelResultSchema>;
