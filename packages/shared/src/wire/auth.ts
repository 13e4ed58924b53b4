/**
 * The wire of the auth area (/api/blade-auth/*): the token endpoint's parameters and its raw BladeX
 * token JSON, its OAuth error shape, the captcha and the signed-in person. The server's route schemas
 * (and so the OpenAPI document) and the web's types (z.infer / z.input) both come from here.
 */
import { z } from 'zod';

/**
 * The token endpoint's parameters. BladeX clients send them in the query string; a form body is
 * accepted too (query wins), and tenant and captcha also come from headers.
 */
export const tokenQuerySchema = z.object({
  grant_type: z.string().optional().describe('password | social | refresh_token'),
  tenantId: z.string().optional(),
  username: z.string().optional().describe('account or phone'),
  password: z.string().optional().describe('Base64(AES-256-CBC(md5hex(typed)))'),
  scope: z.string().optional(),
  type: z.string().optional(),
  source: z.string().optional().describe('wechat | wxwork'),
  code: z.string().optional(),
  auth_code: z.string().optional().describe('alias of code'),
  state: z.string().optional(),
  refresh_token: z.string().optional(),
});
export type TokenQuery = z.infer<typeof tokenQuerySchema>;

/** BladeX's raw token JSON, as the token endpoint and register/bind-user answer it. */
export const tokenReplySchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number(),
  tenant_id: z.string(),
  user_id: z.string().describe('"0" for a WeChat visitor not bound yet'),
  oauth_id: z.string(),
  account: z.string(),
  user_name: z.string(),
  nick_name: z.string(),
  role_name: z.string(),
  avatar: z.string(),
  user_type: z.string(),
  license: z.string(),
  jti: z.string(),
});
export type TokenReply = z.infer<typeof tokenReplySchema>;

/** Every error of the token endpoint, a malformed query and a 500 too, has this shape (http/error-handler.ts). */
export const oauthErrorSchema = z.object({ error_code: z.number(), error_description: z.string() });

/** logout: true once the session's tokens stop working. */
export const logoutReplySchema = z.boolean();

/** A new image captcha: raw {key, image}, image an SVG data URL. */
export const captchaSchema = z.object({ key: z.string(), image: z.string().describe('an SVG data URL') });
export type Captcha = z.infer<typeof captchaSchema>;

/** The states of a binding (user_bindings.status; the machine is apps/server/src/modules/user/binding-status.ts). */
export const BINDING_STATUSES = ['active', 'pending', 'refused'] as const;
export type BindingStatus = (typeof BINDING_STATUSES)[number];

/** pending: waits for the finance office and reads nothing; refused: bind again; null: no binding. */
export const bindingStatusSchema = z.enum(BINDING_STATUSES).nullable();

export const userInfoSchema = z.object({
  userId: z.string(),
  tenantId: z.string(),
  account: z.string(),
  realName: z.string(),
  nickName: z.string(),
  phone: z.string(),
  email: z.string(),
  avatar: z.string(),
  userType: z.string(),
  roleName: z.string(),
  roles: z.array(z.object({ roleAlias: z.string(), roleName: z.string() })),
  oauthId: z.string(),
  bound: z.boolean(),
  bindingStatus: bindingStatusSchema.describe(
    'pending: waits for the finance office and reads nothing; refused: bind again',
  ),
});
export type UserInfo = z.infer<typeof userInfoSchema>;
