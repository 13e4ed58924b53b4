/**
 * The wire of the finance office's people routes (/api/blade-finance/admin/person/*): students and staff
 * with their identities, classes, held phones and the accounts bound to them. Lists mask ID and bank cards.
 */
import { z } from 'zod';
import { pageQuery } from './envelope';
import { count } from './fields';

export const PERSON_TYPES = ['student', 'employee'] as const;
export const personTypeEnum = z.enum(PERSON_TYPES);

/** Free text of a search box: trimmed, at most 64 characters. */
const searchText = z.string().trim().max(64).optional();

export const personListQuery = pageQuery.extend({
  personType: personTypeEnum.default('student'),
  keyword: searchText.describe('name (part), student/staff number, ID number or phone'),
});

export const personTypeQuery = z.object({ personType: personTypeEnum.default('student') });

export const personAccountSchema = z.object({
  userId: z.number(),
  account: z.string(),
  status: z.number().describe('1 enabled, 0 disabled (admin/user/{id}/disable, enable)'),
  bindingId: z.number(),
  bindingStatus: z.string().describe('active | pending | refused'),
  phone: z.string().nullable().describe('login phone'),
  financePhone: z.string().nullable().describe('the phone the finance office holds for the account'),
  bankCardMasked: z.string().nullable(),
  bankName: z.string().nullable(),
});

export const personSchema = z.object({
  id: z.number(),
  personType: personTypeEnum,
  personNo: z.string(),
  name: z.string(),
  idCardMasked: z.string(),
  /** Students: major, class, start year; staff: department. */
  major: z.string().nullable(),
  className: z.string().nullable(),
  startYear: z.number().nullable(),
  department: z.string().nullable(),
  phone: z.string().nullable().describe('the phone the school holds for the person (binding second factor)'),
  accounts: z.array(personAccountSchema),
});
export type Person = z.infer<typeof personSchema>;

/** One person in full: the unmasked ID number, for the desk that edits it. */
export const personDetailSchema = personSchema.extend({ idCard: z.string() });
export type PersonDetail = z.infer<typeof personDetailSchema>;

const optionalText = (max: number) => z.string().trim().max(max).optional();

/** An edit: only the fields sent change; an empty text clears an optional field. */
export const personUpdateBody = z.object({
  personType: personTypeEnum.default('student'),
  name: optionalText(64),
  phone: optionalText(20),
  major: optionalText(64),
  className: optionalText(64),
  startYear: count(1900, 2200).optional(),
  department: optionalText(64),
});
export type PersonUpdateBody = z.infer<typeof personUpdateBody>;
export type PersonUpdateRequest = z.input<typeof personUpdateBody>;
