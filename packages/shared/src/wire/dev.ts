/**
 * The wire contract of the demo stand-in routes (modules/dev, demo mode only) that the e2e stories and
 * the demo pages call: the SMS and mail outbox, a captcha's text, the sandbox checkout page's form and
 * the WeChat Pay simulator's buttons. (The WeChat OAuth stand-in answers WeChat's own protocol, not
 * ours; its schemas stay beside it.)
 */
import { z } from 'zod';

export const outboxQuery = z.object({
  phone: z.string().optional().describe('phone number or e-mail address'),
});

export const outboxMessageSchema = z.object({
  id: z.number(),
  channel: z.string(),
  recipient: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  createdAt: z.string(),
});

export const captchaKeyParams = z.object({ key: z.string() });
export const captchaTextSchema = z.object({ text: z.string() });

export const sandboxCheckoutQuery = z.object({ ticket: z.string().max(64) });
export const sandboxCheckoutBody = z.object({
  ticket: z.string().max(64),
  action: z.enum(['pay', 'fail', 'cancel']),
});

export const simulatorTenantParams = z.object({ tenantId: z.string().max(6) });
export const simulatorPayQuery = z.object({ outTradeNo: z.string().min(1).max(32) });
export const simulatorPaySchema = z.object({ notifyStatus: z.number(), notifyReply: z.string() });
/** What the WeChat app answers a getBrandWCPayRequest with. */
export const simulatorJsapiSchema = z.object({ err_msg: z.string(), reason: z.string().optional() });

/** The WeChat Pay simulator's H5 page: an h5_url (prepay_id, package) plus the merchant's redirect_url. */
export const simulatorH5Query = z.object({
  prepay_id: z.string().min(1).max(64),
  package: z.string().max(64).optional(),
  redirect_url: z.string().max(2048).optional(),
});
/** The WeChat Pay simulator's scan page: the Native code_url the payer "scanned". */
export const simulatorScanQuery = z.object({ code_url: z.string().min(1).max(256) });
