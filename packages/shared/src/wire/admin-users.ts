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
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  decisionNote: z.string().nullable(),
});
export type BindingReview = z.infer<typeof bindingReviewSchema>;
