/** BladeX's raw token JSON, as the token endpoint and register/bind-user answer it. */
import { z } from 'zod';

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
