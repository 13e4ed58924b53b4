/** Request and reply shapes of the pay module (zod; they also make the OpenAPI document). */
import { z } from 'zod';
import { fen } from '@cf/shared/wire/fields';
import { PAY_CHANNEL_NAMES } from '@server/gateways/types';

export const payStatusEnum = z.enum(['NOT_PAY', 'PAYING', 'PAID', 'REFUND', 'CLOSED']);
export const channelEnum = z.enum(PAY_CHANNEL_NAMES);

export const orderNoQuery = z.object({
  orderNo: z.string().trim().min(1).max(64),
  payAuthToken: z.string().optional().describe('A pay link; also accepted as the Pay-Auth-Token header'),
});

export const cashierSchema = z.object({
  orderNo: z.string(),
  orderType: z.string(),
  personName: z.string(),
  totalFen: z.number(),
  items: z.array(
    z.object({
      name: z.string(),
      nameEn: z.string(),
      priceFen: z.number(),
      quantity: z.number(),
      amountFen: z.number(),
    }),
  ),
  expireAt: z.string(),
  secondsLeft: z.number(),
  payStatus: payStatusEnum,
  payStatusColor: z.string(),
  channel: z.string().nullable(),
  channels: z.array(z.object({ channel: channelEnum, name: z.string(), nameEn: z.string() })),
});

export const prepayBody = z.object({
  orderNo: z.string().trim().min(1).max(64),
  channel: channelEnum,
  returnUrl: z
    .string()
    // A path of this site only: no scheme, no host, no "//" or "/\" that browsers read as one.
    .regex(/^\/(?![/\\])[^\s\\]*$/, 'a path of this site')
    .max(512)
    .optional()
    .describe('Sandbox: where its checkout page sends the payer back (a path of this site)'),
  payAuthToken: z
    .string()
    .max(2048)
    .optional()
    .describe('A pay link; also accepted as the Pay-Auth-Token header or the payAuthToken query'),
});

export const prepaySchema = z.object({
  channel: channelEnum,
  checkoutUrl: z.string().optional().describe('sandbox: open this page'),
  jsapi: z
    .object({
      appId: z.string(),
      timeStamp: z.string(),
      nonceStr: z.string(),
      package: z.string(),
      signType: z.literal('RSA'),
      paySign: z.string(),
    })
    .optional()
    .describe("wechat: pass to WeixinJSBridge.invoke('getBrandWCPayRequest', ...)"),
});

export const statusSchema = z.object({
  orderNo: z.string(),
  payStatus: payStatusEnum,
  payStatusColor: z.string(),
  paidAt: z.string().nullable(),
  result: z.enum(['unpaid', 'processing', 'failed', 'paid', 'refunded', 'closed']),
  secondsLeft: z.number(),
  totalFen: z.number(),
  items: cashierSchema.shape.items,
  createdAt: z.string(),
  personName: z.string(),
  payerName: z.string().describe('Who started paying (empty: not known, e.g. a pay-link holder)'),
  payMethod: z
    .object({ channel: channelEnum, name: z.string(), nameEn: z.string() })
    .nullable()
    .describe('The channel the order was paid (or is being paid) at'),
});

export const linkSchema = z.object({ payAuthToken: z.string(), url: z.string(), expireAt: z.string() });

export const refundBody = z.object({
  amountFen: fen(1),
  // Checked by checkRefundReason (80 bytes, translated message), not by characters here.
  reason: z.string().default(''),
});

export const refundSchema = z.object({
  refundId: z.number(),
  outRefundNo: z.string(),
  amountFen: z.number(),
  status: z.enum(['SUCCESS', 'PROCESSING', 'FAILED']),
  orderNo: z.string(),
  totalFen: z.number(),
  refundedFen: z.number(),
  payStatus: payStatusEnum,
  payStatusColor: z.string(),
});
