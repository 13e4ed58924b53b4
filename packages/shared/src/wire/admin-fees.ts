/**
 * The wire of the finance office's fee routes: the catalogue (/admin/fee-item/*), a person's receivables
 * (/admin/person/{id}/receivables) and waiving, reducing or deferring one (/admin/receivable/{id}/*).
 */
import { z } from 'zod';
import { personTypeEnum } from './admin-people';
import { pageQuery } from './envelope';
import { calendarDate, count, fen } from './fields';
import { feeItemSchema, feeSummarySchema, formFieldSchema } from './fee';

export const FEE_ITEM_KINDS = ['manual', 'enroll', 'topup'] as const;

export const feeItemListQuery = pageQuery.extend({
  kind: z.enum(FEE_ITEM_KINDS).optional(),
  status: count(0, 1).optional().describe('1 on sale, 0 withdrawn; both when left out'),
  keyword: z.string().trim().max(64).optional(),
});

export const adminFeeItemSchema = feeItemSchema.extend({
  status: z.number(),
  sort: z.number(),
  userTypes: z.string().describe('comma list of user types that may buy; empty: everyone'),
});
export type AdminFeeItem = z.infer<typeof adminFeeItemSchema>;

const text = (max: number) => z.string().trim().max(max);

/** A catalogue item as the office writes it; the service checks the kind's own rules (price, limits). */
export const feeItemBody = z.object({
  // Checked by the service (translated message), so a caller without the role meets the role check first.
  kind: text(16).describe(FEE_ITEM_KINDS.join(' | ')),
  name: text(64),
  nameEn: text(128).default(''),
  description: text(1000).default(''),
  descriptionEn: text(2000).default(''),
  priceFen: fen().default(0),
  maxQuantity: count(1, 999).default(1),
  minFen: fen().default(0),
  maxFen: fen().default(0),
  formFields: z
    .array(
      formFieldSchema.extend({
        key: text(32).regex(/^[A-Za-z][A-Za-z0-9_]*$/),
        label: text(32),
        labelEn: text(64),
      }),
    )
    .max(20)
    .default([]),
  userTypes: z
    .array(z.enum(['student', 'employee', 'other']))
    .max(3)
    .default([]),
  schoolYear: text(16).default(''),
  status: count(0, 1).default(1),
  sort: count(0, 9999).default(0),
});
export type FeeItemBody = z.infer<typeof feeItemBody>;
export type FeeItemRequest = z.input<typeof feeItemBody>;

export const receivableListQuery = z.object({ personType: personTypeEnum.default('student') });

export const adminReceivableSchema = z.object({
  id: z.number(),
  category: z.string().describe('FEE student fee | OTHER comprehensive receivable'),
  schoolYear: z.string(),
  itemCode: z.string(),
  itemName: z.string(),
  itemNameEn: z.string(),
  allowPartial: z.boolean(),
  dueDate: z.string().nullable(),
  summary: feeSummarySchema,
  openOrderFen: z.number(),
  pendingReviewFen: z.number(),
  adjustableFen: z
    .number()
    .describe(
      'what a waiver or reduction may still take: owed minus open orders and bills under review, and only what can be paid now while those exist',
    ),
  deferrableFen: z.number().describe('what may still be deferred'),
});
export type AdminReceivable = z.infer<typeof adminReceivableSchema>;

/** Reasons are required, 1..REASON_MAX characters (checked by the service, translated message). */
export const ADJUST_REASON_MAX = 200;

export const waiveBody = z.object({ reason: z.string().max(1000) });
export const reduceBody = z.object({ amountFen: fen(1), reason: z.string().max(1000) });
export const deferBody = z.object({
  amountFen: fen(1),
  reason: z.string().max(1000),
  dueDate: calendarDate().optional().describe('the new due date, YYYY-MM-DD'),
});
