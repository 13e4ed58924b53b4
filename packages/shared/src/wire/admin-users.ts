/**
 * The wire of the finance office's user and binding routes (/api/blade-finance/admin/user/*,
 * /api/blade-finance/admin/binding/*).
 */
import { z } from 'zod';
import { BINDING_STATUSES } from './auth';
import { pageQuery } from './envelope';

/** A disabled or enabled account. */
export const userStatusSchema = z.object({
  userId: z.string(),
  status: z.number().describe('1 enabled, 0 disabled'),
});

/** A binding's row id in the path. */
export const bindingIdParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const bindingListQuery = pageQuery.extend({ status: z.enum(BINDING_STATUSES).default('pending') });

/** Refusing a binding: the reason the binder reads. */
export const refuseBindingBody = z.object({ reason: z.string().max(500).optional() }).nullish();

/** Whether what the applicant typed is what the school holds; null: not asked on the form (or not held). */
const matched = z.boolean().nullable();

/** What the applicant typed on the bind form (the ID card masked), with the match of each field. */
export const bindingSubmittedSchema = z.object({
  userType: z.string(),
  realName: z.string(),
  personNo: z.string().describe('the student or staff number typed ("" when the form did not ask)'),
  idCardMasked: z.string(),
  phone: z.string().describe('the phone typed ("" when none)'),
  email: z.string(),
  matched: z.object({
    realName: matched,
    personNo: matched,
    idCard: matched,
    phone: matched.describe("the typed phone against the school's held phone"),
  }),
});
export type BindingSubmitted = z.infer<typeof bindingSubmittedSchema>;

export const bindingReviewSchema = z.object({
  id: z.number(),
  status: z.string(),
  userType: z.string(),
  userId: z.number(),
  account: z.string(),
  nickName: z.string(),
  personNo: z.string().nullable().describe('student or staff number; null for an outside person'),
  personName: z.string().nullable(),
  idCardMasked: z.string().nullable(),
  heldPhoneMasked: z.string().nullable().describe('the phone the finance office holds, masked'),
  /** What the applicant typed; null for a binding made before the form was kept. */
  submitted: bindingSubmittedSchema.nullable(),
  /** People of the tenant (students, staff, others) who hold the same ID number: 1 is this one alone. */
  sameIdCard: z.number(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  decisionNote: z.string().nullable(),
});
export type BindingReview = z.infer<typeof bindingReviewSchema>;

/** The held phone of a binding's person, in full: each reading is audited. */
export const bindingPhoneSchema = z.object({ heldPhone: z.string().nullable() });
