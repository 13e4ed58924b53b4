/**
 * The wire of /api/blade-user/*: binding (check-and-send-validate, register/bind-user, bind-info, the
 * student pick list), step-up proofs and profile changes. Register/bind-user answer the token JSON of
 * ./auth.ts. The server's route schemas and the web's types (z.infer, z.input for requests) come from here.
 */
import { z } from 'zod';
import { bindingStatusSchema } from './auth';

/** A form field: browsers send strings, JSON bodies may send numbers (idType: 1). */
const field = (max: number) =>
  z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .pipe(z.string().max(max))
    .optional();

export const bindFormSchema = z.object({
  tenantId: field(12),
  userType: field(16),
  code: field(64),
  idType: field(2),
  idCard: field(32),
  realName: field(64),
  phone: field(20),
  email: field(128),
  verifyCode: field(10),
  verifyId: field(64),
  password: field(512),
  oauthId: field(20),
});
/** The bind form as a client sends it. */
export type BindFormRequest = z.input<typeof bindFormSchema>;

const nullableText = z.string().nullable();
export const bindInfoSchema = z.object({
  bound: z.boolean().describe('true only for an active binding: a pending or refused one reads nothing'),
  bindingStatus: bindingStatusSchema,
  refuseReason: nullableText.describe("the finance office's reason when it refused the binding"),
  userType: nullableText,
  code: nullableText,
  realName: nullableText,
  idCardMasked: nullableText,
  phone: nullableText,
  email: nullableText,
  studentNo: nullableText,
  startYear: z.number().nullable(),
  major: nullableText,
  className: nullableText,
  department: nullableText,
  financePhone: nullableText,
  financeEmail: nullableText,
  bankCardMasked: nullableText,
  bankName: nullableText,
  bankProvince: nullableText,
  bankCity: nullableText,
});
export type BindInfo = z.infer<typeof bindInfoSchema>;

/** get-student-list-by-id-card: `data` is Base64 AES of JSON {idCard, realName}. */
export const studentListQuerySchema = z.object({
  data: z.string().min(1).max(4096),
});

/**
 * One entry of the student list, the plain JSON inside the reply's Base64 AES `data` (not checked by
 * the route, which answers a string): the caller picks their number from it.
 */
export const studentListItemSchema = z.object({
  studentNo: z.string(),
  studentName: z.string().describe('masked (孙*): the caller typed the name'),
  startYear: z.number().nullable(),
  major: z.string().nullable().optional().describe('named by spec §3; this server does not send it'),
});
export type StudentListItem = z.infer<typeof studentListItemSchema>;

/** The reply's data: Base64 AES of the JSON list of studentListItemSchema. */
export const studentListReplySchema = z.string();

/** check-and-send-validate: the verify id and where the code went (masked). */
export const bindCodeSchema = z.object({
  id: z.string(),
  phoneMasked: z.string().describe('138****0011'),
  heldPhone: z.boolean().describe('true: the phone the finance office holds (binding is active at once)'),
});
export type BindCodeReply = z.infer<typeof bindCodeSchema>;

export const sendValidateSchema = z.object({
  phone: field(20),
  captchaKey: field(64),
  captchaCode: field(16),
});
export type SendValidateInput = z.input<typeof sendValidateSchema>;

export const verifyPhoneSchema = z.object({
  verifyId: field(64),
  verifyCode: field(10),
  purpose: field(16).describe(
    "'finance' (default: bank card, e-mail), 'phone' (changing the phone) or 'salary' (reading slips, 15 min)",
  ),
});
export type VerifyPhoneInput = z.input<typeof verifyPhoneSchema>;

export const verifyPasswordSchema = z.object({
  password: field(512).describe('MD5 hex of the password, AES-encrypted as for the token endpoint'),
});
export type VerifyPasswordInput = z.input<typeof verifyPasswordSchema>;

/** verify-phone and verify-password answer a 10-minute single-use proof. */
export const verifyTokenSchema = z.object({ verifyToken: z.string() });
export type VerifyTokenReply = z.infer<typeof verifyTokenSchema>;

export const stepUpMethodSchema = z.object({
  method: z.enum(['sms', 'password', 'none']),
  phoneMasked: z.string().nullable(),
});
export type StepUpMethodReply = z.infer<typeof stepUpMethodSchema>;

/** Proof of the phone held now (verify-phone purpose 'phone', or verify-password), for phone changes. */
const phoneProof = field(2048).describe('verifyToken proving the phone held now (or the password)');

export const registerPhoneSchema = z.object({
  phone: field(20),
  verifyCode: field(10),
  verifyId: field(64),
  tenantId: field(12),
  verifyToken: phoneProof,
});
export type RegisterPhoneInput = z.input<typeof registerPhoneSchema>;

export const changePhoneSchema = z.object({
  phone: field(20),
  verifyCode: field(10),
  verifyId: field(64),
  verifyToken: phoneProof,
});

export const bankAccountSchema = z.object({
  bankCard: field(32),
  bankName: field(64),
  bankProvince: field(32),
  bankCity: field(32),
  verifyToken: field(2048),
});

export const changeEmailSchema = z.object({
  email: field(128),
  verifyId: field(64).describe('the id send-email-validate answered'),
  verifyCode: field(10).describe('the code mailed to the new address'),
  verifyToken: field(2048),
});

/** send-email-validate: a code to the new finance-reserved e-mail address. */
export const sendEmailValidateSchema = z.object({
  email: field(128),
  verifyToken: field(2048).describe('the finance proof change-email will spend (checked, not spent here)'),
});
export type SendEmailValidateInput = z.input<typeof sendEmailValidateSchema>;
export type ChangeEmailInput = z.input<typeof changeEmailSchema>;
export type BankAccountInput = z.input<typeof bankAccountSchema>;

/** The profile changes answer `data: true`. */
export const doneSchema = z.literal(true);
