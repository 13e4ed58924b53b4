/** Request and reply shapes of /api/blade-finance/fee/*, enroll/lookup and admin/bill/* (also the OpenAPI document). */
import { z } from 'zod';
import { pageQuery } from '@server/http/envelope';
import { calendarDate, count, fen, id } from '@cf/shared/wire/fields';

export const feeSummarySchema = z.object({
  payable: z.number(),
  reduction: z.number(),
  deferred: z.number(),
  deferredDeduction: z.number(),
  received: z.number(),
  refund: z.number(),
  receivable: z.number(),
  pending: z.number(),
});

export const receivableSchema = z.object({
  receivableId: z.number(),
  category: z.string(),
  schoolYear: z.string(),
  itemCode: z.string(),
  itemName: z.string(),
  itemNameEn: z.string(),
  allowPartial: z.boolean(),
  dueDate: z.string().nullable(),
  summary: feeSummarySchema,
  openOrderFen: z.number(),
  openOrders: z.array(
    z.object({
      orderId: z.number(),
      orderNo: z.string(),
      payStatus: z.enum(['NOT_PAY', 'PAYING']),
      amountFen: z.number(),
    }),
  ),
  pendingReviewFen: z.number(),
  availableFen: z.number(),
});

export const formFieldSchema = z.object({
  key: z.string(),
  label: z.string(),
  labelEn: z.string(),
  required: z.boolean(),
  type: z.enum(['text', 'number', 'date', 'phone']),
});

export const feeItemSchema = z.object({
  id: z.number(),
  kind: z.string(),
  name: z.string(),
  nameEn: z.string(),
  description: z.string(),
  descriptionEn: z.string(),
  priceFen: z.number(),
  maxQuantity: z.number(),
  minFen: z.number(),
  maxFen: z.number(),
  schoolYear: z.string(),
  formFields: z.array(formFieldSchema),
});

export const billSchema = z.object({
  id: z.number(),
  billNo: z.string(),
  kind: z.string(),
  project: z.string(),
  projectEn: z.string(),
  priceFen: z.number(),
  quantity: z.number(),
  amountFen: z.number(),
  method: z.string(),
  billDate: z.string(),
  status: z.number(),
  statusColor: z.string(),
  source: z.string(),
  orderId: z.number().nullable(),
  note: z.string(),
});

export const studentFeesSchema = z.object({
  summary: feeSummarySchema,
  years: z.array(
    z.object({ schoolYear: z.string(), summary: feeSummarySchema, items: z.array(receivableSchema) }),
  ),
});

export const otherFeesSchema = z.object({
  manual: z.array(feeItemSchema),
  receivables: z.array(receivableSchema),
  topup: z.array(feeItemSchema),
});

export const receivableDetailSchema = receivableSchema.extend({ bills: z.array(billSchema) });

/** Optional text at the schema level: the service answers the spec's own messages when it is missing. */
const optionalText = (max: number) => z.string().trim().max(max).optional();

export const offlineBody = z.object({
  receivableId: id,
  amountFen: fen(),
  payMethod: optionalText(32),
  // A day in the school's time zone; blank or missing: the service answers "please choose the date".
  payDate: calendarDate('fee.payDateInvalid', { blank: true }).optional(),
  note: optionalText(200),
});
export type OfflineBody = z.infer<typeof offlineBody>;

export const historyQuery = pageQuery.extend({
  category: z.enum(['FEE', 'OTHER']).default('FEE'),
});

export const enrollLookupBody = z.object({
  idCard: z.string().trim().min(1).max(32),
  name: z.string().trim().min(1).max(64),
});

export const enrollLookupSchema = z.object({
  enrolleeId: z.number(),
  name: z.string(),
  admissionNo: z.string(),
  major: z.string().nullable(),
  items: z.array(feeItemSchema),
  paidItemIds: z.array(z.number()),
});

export const adminBillQuery = pageQuery.extend({
  status: count(0, 2).default(1),
});

export const adminBillSchema = billSchema.extend({
  receivableId: z.number().nullable(),
  personType: z.string(),
  personId: z.number(),
  personName: z.string(),
  createdAt: z.string(),
});
