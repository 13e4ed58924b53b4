/**
 * The wire contract of /api/blade-finance/fee/* and enroll/lookup: request and reply shapes (money in
 * fen, times as ISO text). The server's route schemas (and so the OpenAPI document) are these objects;
 * the web's types are their z.infer / z.input (type-only imports, so zod stays out of the web bundle).
 */
import { EVIDENCE_TYPES } from '@cf/shared/bill-evidence';
import { z } from 'zod';
import { signatureTimingEnum } from './signature';
import { pageQuery } from './envelope';
import { calendarDate, fen, id, lastPayFailedField } from './fields';

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

/** Where what is still owed stands (@cf/shared/fees payNowOf): payNow + inOrders + inReview + deferredOwed. */
export const payNowSchema = z.object({
  payNowFen: z
    .number()
    .describe('what can be paid now: home’s card, the fee list’s headline, what 全选 picks'),
  inOrdersFen: z.number().describe('due now and already in unpaid or paying orders'),
  inReviewFen: z.number().describe('due now and recorded as paid elsewhere, waiting for review'),
  deferredOwedFen: z.number().describe('still owed but deferred: not due yet'),
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
  /** In this receivable's unpaid or paying orders. */
  openOrderFen: z.number(),
  /** Those orders, each with its state and the part it holds. */
  openOrders: z.array(
    z.object({
      orderId: z.number(),
      orderNo: z.string(),
      payStatus: z.enum(['NOT_PAY', 'PAYING']),
      lastPayFailed: lastPayFailedField,
      amountFen: z.number(),
    }),
  ),
  /** Recorded as paid elsewhere, waiting for the finance office. */
  pendingReviewFen: z.number(),
  /**
   * What can be paid now (payNow.payNowFen): due now, minus open orders and other-means payments under
   * review. The most an order or an other-means record may take from this receivable.
   */
  availableFen: z.number(),
  payNow: payNowSchema,
});
export type Receivable = z.infer<typeof receivableSchema>;

export const formFieldSchema = z.object({
  key: z.string(),
  label: z.string(),
  labelEn: z.string(),
  required: z.boolean(),
  type: z.enum(['text', 'number', 'date', 'phone']),
});

/** A catalogue item: manual (price × quantity), top-up (an amount within limits) or enrolment. */
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
  /** The payer signs a declaration for it: before paying, or once paid; null: no signature. */
  signatureTiming: signatureTimingEnum.nullable(),
});
export type FeeItem = z.infer<typeof feeItemSchema>;

/** A charge or refund bill (amounts in fen). */
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
export type Bill = z.infer<typeof billSchema>;

export const studentFeesSchema = z.object({
  summary: feeSummarySchema,
  /** The items' payNow added: payNowFen is the one figure a payer is led by. */
  payNow: payNowSchema,
  years: z.array(
    z.object({
      schoolYear: z.string(),
      summary: feeSummarySchema,
      payNow: payNowSchema,
      items: z.array(receivableSchema),
    }),
  ),
});
export type StudentFees = z.infer<typeof studentFeesSchema>;

export const otherFeesSchema = z.object({
  manual: z.array(feeItemSchema),
  receivables: z.array(receivableSchema),
  topup: z.array(feeItemSchema),
});
export type OtherFees = z.infer<typeof otherFeesSchema>;

export const receivableDetailSchema = receivableSchema.extend({ bills: z.array(billSchema) });
export type ReceivableDetail = z.infer<typeof receivableDetailSchema>;

/** Optional text at the schema level: the service answers the spec's own messages when it is missing. */
const optionalText = (max: number) => z.string().trim().max(max).optional();

export const offlineBody = z.object({
  receivableId: id,
  amountFen: fen(),
  payMethod: optionalText(32),
  // A day in the school's time zone; blank or missing: the service answers "please choose the date".
  payDate: calendarDate('fee.payDateInvalid', { blank: true }).optional(),
  note: optionalText(200),
  // Uploaded first (POST fee/offline/evidence), one id each; the service checks the count (a translated
  // message) and that each is the caller's own and not yet used. The bound here only stops a flood.
  evidenceIds: z.array(id).max(50).optional(),
});
export type OfflineBody = z.infer<typeof offlineBody>;
/** What the web sends: {receivableId, amountFen, payMethod, payDate 'YYYY-MM-DD', note?}. */
export type OfflineRequest = z.input<typeof offlineBody>;

/** An evidence file of an other-means payment (an image or a PDF the payer uploaded). */
export const evidenceSchema = z.object({
  id: z.number(),
  /**
   * The name the payer's file had, bidi controls and invisible characters removed (cleanFileName):
   * shown to the clerk, never used to save the file.
   */
  name: z.string(),
  /** The name to save the file under, made by the server (evidence-<id>.<extension of its checked type>). */
  downloadName: z.string(),
  mimeType: z.enum(EVIDENCE_TYPES),
  sizeBytes: z.number(),
});
export type Evidence = z.infer<typeof evidenceSchema>;

export const historyQuery = pageQuery.extend({
  category: z.enum(['FEE', 'OTHER']).default('FEE'),
});
/** FEE: student fees; OTHER: comprehensive fees. */
export type FeeCategory = z.infer<typeof historyQuery>['category'];

export const enrollLookupBody = z.object({
  idCard: z.string().trim().min(1).max(32),
  name: z.string().trim().min(1).max(64),
});
export type EnrollLookupRequest = z.input<typeof enrollLookupBody>;

export const enrollLookupSchema = z.object({
  enrolleeId: z.number(),
  name: z.string(),
  admissionNo: z.string(),
  major: z.string().nullable(),
  items: z.array(feeItemSchema),
  paidItemIds: z.array(z.number()),
});
export type Enrollee = z.infer<typeof enrollLookupSchema>;
