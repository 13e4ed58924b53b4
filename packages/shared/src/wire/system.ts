/**
 * The wire of the system area (/api/blade-system/*): client configuration, params, dictionaries,
 * tenants and the caller's buttons. The server's route schemas and the web's types come from here.
 */
import { z } from 'zod';

/** What a browser client needs before it can sign in (public by design). */
export const clientConfigSchema = z.object({
  clientId: z.string(),
  wireAesKey: z.string(),
  mode: z.string(),
  version: z.string(),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;

/** The public routes' tenant; a signed-in caller always gets the token's. */
export const tenantQuery = z.object({
  tenantId: z.string().optional().describe('Before login; a signed-in caller always gets the token’s tenant'),
});

// Keys are unique per tenant; paramType is accepted as BladeX clients send it.
export const paramValueQuery = tenantQuery.extend({
  paramType: z.string().optional(),
  paramKey: z.string().trim().min(1),
});

/** param/value: the param's value, "" when unset. */
export const paramValueSchema = z.string();

/** param/value-list: every param of the tenant. */
export const systemParamsSchema = z.array(z.object({ paramKey: z.string(), paramValue: z.string() }));
export type SystemParamList = z.infer<typeof systemParamsSchema>;

export const dictionaryQuery = tenantQuery.extend({ code: z.string().trim().min(1) });

/** dict/dictionary: the entries of a code (e.g. flow). */
export const dictionarySchema = z.array(
  z.object({
    code: z.string(),
    dictKey: z.string(),
    dictValue: z.string(),
    remark: z.string().nullable(),
  }),
);
export type DictEntry = z.infer<typeof dictionarySchema>[number];

/** A menu or button the caller's roles grant, with what it holds. */
export interface ButtonNode {
  code: string;
  name: string;
  children: ButtonNode[];
}

/**
 * The button tree to a fixed depth, the deepest children left open: the OpenAPI transform cannot
 * place a recursive schema in the document (it would leave a dangling $ref). Menus are 3 deep.
 */
function buttonTree(depth: number): z.ZodType<ButtonNode[]> {
  const children = depth <= 1 ? z.array(z.unknown()).describe('Same shape, nested') : buttonTree(depth - 1);
  return z.array(z.object({ code: z.string(), name: z.string(), children })) as z.ZodType<ButtonNode[]>;
}
export const buttonTreeSchema = buttonTree(6);

/** Enabled mobile modules: a list or a comma-separated string, as the tenant stored them. */
export const mobileModulesSchema = z.union([z.array(z.string()), z.string()]);
export type MobileModules = z.infer<typeof mobileModulesSchema>;

export const tenantInfoSchema = z.object({
  tenantId: z.string(),
  tenantName: z.string(),
  tenantNameEn: z.string().nullable(),
  status: z.number(),
  expireTime: z.string().nullable(),
  wechatMpAppId: z.string().nullable(),
  wechatWorkCorpId: z.string().nullable(),
  wechatWorkAgentId: z.string().nullable(),
  wechatAuthorizeUrl: z.string(),
});
export type TenantInfo = z.infer<typeof tenantInfoSchema>;

/** tenant/list-public: the tenants offered on the login page. */
export const publicTenantsSchema = z.array(
  z.object({ tenantId: z.string(), tenantName: z.string(), tenantNameEn: z.string().nullable() }),
);
export type PublicTenant = z.infer<typeof publicTenantsSchema>[number];
