/** Request and reply shapes of /api/blade-user/* (they also make the OpenAPI document). */
import { z } from 'zod';

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

export { tokenReplySchema } from '../auth/token-schema';

const nullableText = z.string().nullable();
export const bindInfoSchema = z.object({
  bound: z.boolean(),
  bindingStatus: z.enum(['active', 'pending', 'refused']).nullable(),
  refuseReason: nullableText,
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

export const studentListQuerySchema = z.object({
  data: z.string().min(1).max(4096),
});

export const verifyIdSchema = z.object({ id: z.string() });

/** check-and-send-validate: the verify id and where the code went (masked). */
export const bindCodeSchema = z.object({
  id: z.string(),
  phoneMasked: z.string().describe('138****0011'),
  heldPhone: z.boolean().describe('true: the phone the finance office holds (binding is active at once)'),
});

export const sendValidateSchema = z.object({
  phone: field(20),
  captchaKey: field(64),
  captchaCode: field(16),
});

export const verifyPhoneSchema = z.object({
  verifyId: field(64),
  verifyCode: field(10),
  purpose: field(16).describe("'finance' (default: bank card, e-mail) or 'phone' (changing the phone)"),
});

export const verifyPasswordSchema = z.object({
  password: field(512).describe('MD5 hex of the password, AES-encrypted as for the token endpoint'),
});

export const stepUpMethodSchema = z.object({
  method: z.enum(['sms', 'password', 'none']),
  phoneMasked: z.string().nullable(),
});

/** Proof of the phone held now (verify-phone purpose 'phone', or verify-password), for phone changes. */
const phoneProof = field(2048).describe('verifyToken proving the phone held now (or the password)');

export const registerPhoneSchema = z.object({
  phone: field(20),
  verifyCode: field(10),
  verifyId: field(64),
  tenantId: field(12),
  verifyToken: phoneProof,
});

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
  verifyToken: field(2048),
});
