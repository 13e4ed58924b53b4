/**
 * The wire contract of /api/blade-finance/signature/*: an order's signature state, the signature a
 * person confirms (a trimmed PNG in Base64 plus signature_pad's stroke data), within the limits both
 * the pad and the server keep (signature-limits.ts). The PNG itself is served as image/png (not in the envelope).
 */
import { z } from 'zod';
import { SIGNATURE_LIMITS } from '@cf/shared/signature-limits';

export const signatureTimingEnum = z.enum(['before_pay', 'after_pay']);

const finite = z.number().finite();

const strokeSchema = z.object({
  penColor: z.string().max(64),
  dotSize: finite,
  minWidth: finite,
  maxWidth: finite,
  velocityFilterWeight: finite,
  compositeOperation: z.string().max(64),
  points: z
    .array(z.object({ x: finite, y: finite, time: finite, pressure: finite }))
    .min(1)
    .max(SIGNATURE_LIMITS.maxPoints),
});

/** Base64 of at most maxBytes (4 characters per 3 bytes), checked again once decoded. */
const BASE64_MAX = Math.ceil(SIGNATURE_LIMITS.maxBytes / 3) * 4 + 4;

export const submitSignatureBody = z.object({
  /** The trimmed PNG, Base64 (a data: URL prefix is accepted and dropped). */
  png: z
    .string()
    .min(1)
    .max(BASE64_MAX + 32, { message: 'signature.tooLarge' }),
  strokes: z
    .array(strokeSchema)
    .min(1, { message: 'signature.empty' })
    .max(SIGNATURE_LIMITS.maxStrokes)
    .refine((strokes) => strokes.reduce((n, s) => n + s.points.length, 0) <= SIGNATURE_LIMITS.maxPoints),
});
export type SubmitSignatureBody = z.infer<typeof submitSignatureBody>;
/** signature_pad's toData(), as stored beside the PNG. */
export type SignatureStrokes = SubmitSignatureBody['strokes'];

export const signatureStateSchema = z.object({
  orderId: z.number(),
  /** Some item of the order asks for a signature. */
  required: z.boolean(),
  /** before_pay when any item asks for it before payment; null when none asks. */
  timing: signatureTimingEnum.nullable(),
  signed: z.boolean(),
  signedAt: z.string().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  /** The caller may sign now (required, not signed, the order's creator, the order in a state that asks). */
  canSign: z.boolean(),
  /** Before-payment signature missing: the order cannot be paid yet. */
  blocksPayment: z.boolean(),
  /** What the payer declares by signing (the items' texts, one paragraph each; empty: the app's general one). */
  declaration: z.string(),
  declarationEn: z.string(),
});
export type SignatureState = z.infer<typeof signatureStateSchema>;

// ---------------------------------------------------------------- the finance office

/** A fee item of the tenant and whether (and when) it asks for the payer's signature. */
export const feeItemSignatureSchema = z.object({
  feeItemId: z.number(),
  name: z.string(),
  nameEn: z.string(),
  kind: z.string(),
  /** 1 on sale, 0 withdrawn. */
  status: z.number(),
  /** null: no signature asked. */
  timing: signatureTimingEnum.nullable(),
  /** What the payer declares by signing, shown above the pad. */
  declaration: z.string().nullable(),
  declarationEn: z.string().nullable(),
});
export type FeeItemSignature = z.infer<typeof feeItemSignatureSchema>;

/**
 * Set the flag (a timing) or clear it (null). Any short text here so a caller without the role hears
 * 403 before any 400: the service accepts only before_pay, after_pay or null.
 */
export const feeItemSignatureBody = z.object({
  timing: z.string().max(16).nullable().describe('before_pay, after_pay or null (no signature)'),
  declaration: z.string().trim().max(1000).optional().describe('What the payer declares by signing'),
  declarationEn: z.string().trim().max(2000).optional(),
});
export type FeeItemSignatureBody = z.infer<typeof feeItemSignatureBody>;
