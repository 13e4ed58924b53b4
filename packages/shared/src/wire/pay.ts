/**
 * The wire contract of /api/blade-finance/pay/*: cashier, prepay, status, pay links and the channels'
 * notify address. The server's route schemas (and so the OpenAPI document) are these objects; the
 * web's types are their z.infer / z.input.
 */
import { z } from 'zod';
import { lastPayFailedField } from './fields';
import { PAY_CHANNEL_NAMES } from '../fees';
import { PAYER_PLACES, PAY_MODES } from '../pay-offers';
import { payStatusEnum } from './order';
import { signatureStateSchema } from './signature';

export { payStatusEnum };
export { PAY_CHANNEL_NAMES, type PayChannelName } from '../fees';

export const channelEnum = z.enum(PAY_CHANNEL_NAMES);
export const payModeEnum = z.enum(PAY_MODES);
export const payerPlaceEnum = z.enum(PAYER_PLACES);

export const orderNoQuery = z.object({
  orderNo: z.string().trim().min(1).max(64),
  payAuthToken: z.string().optional().describe('A pay link; also accepted as the Pay-Auth-Token header'),
});

export const cashierQuery = orderNoQuery.extend({
  place: payerPlaceEnum
    .optional()
    .describe("Where the page runs, as it sees it; WeChat's browser is known by its User-Agent only"),
});

/** One way to pay the cashier offers, in the tenant's order of channels. */
export const payOfferSchema = z.object({
  channel: channelEnum,
  mode: payModeEnum,
  name: z.string(),
  nameEn: z.string(),
  /** Works where the payer is; false: shown with where it would (a channel with no mode here). */
  here: z.boolean(),
});
export type PayOffer = z.infer<typeof payOfferSchema>;

export const cashierItemSchema = z.object({
  name: z.string(),
  nameEn: z.string(),
  priceFen: z.number(),
  quantity: z.number(),
  amountFen: z.number(),
});

export const cashierSchema = z.object({
  orderNo: z.string(),
  orderType: z.string(),
  personName: z.string(),
  totalFen: z.number(),
  items: z.array(cashierItemSchema),
  expireAt: z.string(),
  /** Seconds until the order expires, by the server's clock. */
  secondsLeft: z.number(),
  payStatus: payStatusEnum,
  payStatusColor: z.string(),
  lastPayFailed: lastPayFailedField,
  /** The channel a PAYING order was started with; it stays with it. */
  channel: z.string().nullable(),
  channels: z.array(z.object({ channel: channelEnum, name: z.string(), nameEn: z.string() })),
  /** What the payer can pay with where they are (the place the server decided), drawn by the web. */
  offers: z.array(payOfferSchema),
  place: payerPlaceEnum,
  /** The mode of a PAYING order's live attempt (the offer to preselect); null: none. */
  mode: payModeEnum.nullable(),
  /** What an item of the order asks to be signed (the declaration, whether payment waits for it); null: nothing. */
  signature: signatureStateSchema.nullable(),
});
export type Cashier = z.infer<typeof cashierSchema>;

export const prepayBody = z.object({
  orderNo: z.string().trim().min(1).max(64),
  channel: channelEnum,
  mode: payModeEnum
    .optional()
    .describe("How to start it; default the channel's first (wechat: jsapi; alipay: wap)"),
  returnUrl: z
    .string()
    // A path of this site only: no scheme, no host, no "//" or "/\" that browsers read as one.
    .regex(/^\/(?![/\\])[^\s\\]*$/, 'a path of this site')
    .max(512)
    .optional()
    .describe('Sandbox, Alipay: where the checkout page sends the payer back (a path of this site)'),
  payAuthToken: z
    .string()
    .max(2048)
    .optional()
    .describe('A pay link; also accepted as the Pay-Auth-Token header or the payAuthToken query'),
});
export type PrepayRequest = z.input<typeof prepayBody>;

export const wechatJsapiSchema = z.object({
  appId: z.string(),
  timeStamp: z.string(),
  nonceStr: z.string(),
  package: z.string(),
  signType: z.literal('RSA'),
  paySign: z.string(),
});
export type WechatJsapi = z.infer<typeof wechatJsapiSchema>;

export const prepaySchema = z.object({
  channel: channelEnum,
  checkoutUrl: z
    .string()
    .optional()
    .describe("sandbox: open this page; alipay: go to this address (Alipay's wap.pay / page.pay cashier)"),
  jsapi: wechatJsapiSchema
    .optional()
    .describe("wechat: pass to WeixinJSBridge.invoke('getBrandWCPayRequest', ...)"),
  h5Url: z.string().optional().describe('wechat h5: go there with &redirect_url=<the result page>'),
  codeUrl: z.string().optional().describe('wechat native: draw it as a QR code to scan with WeChat'),
});
export type PrepayAnswer = z.infer<typeof prepaySchema>;

export const statusSchema = z.object({
  orderNo: z.string(),
  payStatus: payStatusEnum,
  payStatusColor: z.string(),
  paidAt: z.string().nullable(),
  /** failed: NOT_PAY again after its last attempt failed or was abandoned (lastPayFailed). */
  result: z.enum(['unpaid', 'processing', 'failed', 'paid', 'refunded', 'closed']),
  lastPayFailed: lastPayFailedField,
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
export type PayStatusReply = z.infer<typeof statusSchema>;

/** POST pay/abandon: the payer left the channel's payment sheet without paying (WeChat JSAPI cancel or fail). */
export const abandonBody = z.object({
  orderNo: z.string().trim().min(1).max(64),
  payAuthToken: z
    .string()
    .max(2048)
    .optional()
    .describe('A pay link; also accepted as the Pay-Auth-Token header or the payAuthToken query'),
});
export type AbandonRequest = z.input<typeof abandonBody>;

export const linkBody = z.object({ orderNo: z.string().trim().min(1).max(64) });
export type PayLinkRequest = z.input<typeof linkBody>;

export const linkSchema = z.object({
  payAuthToken: z.string(),
  /** The app's /#/pay?payAuthToken=...&orderNo=...&tenantId=... (absolute when the server knows its address). */
  url: z.string(),
  expireAt: z.string(),
});
export type PayLink = z.infer<typeof linkSchema>;

/** POST {NOTIFY_PATH}/{channel}/{tenantId}: the channel's own signed body, read raw by the route. */
export const notifyParams = z.object({ channel: z.string(), tenantId: z.string().max(6) });
