/**
 * WeChat sign-in (issue 3): inside WeChat with the tenant's app id and no code, keep where the
 * visitor was going and leave for the authorize page; WeChat comes back to /login with code and
 * state, which the social grant turns into a session.
 */
import type { TenantInfo } from '@cf/shared/wire/system';
import { getStore, removeStore, setStore } from '@/lib/storage';
import { setPreferredTenantId } from '@/lib/tenant';
import { buildAuthorizeUrl, randomState, type WechatSource } from '@/lib/wechat';

const DEFAULT_AUTHORIZE_URL = 'https://open.weixin.qq.com/connect/oauth2/authorize';

export function wechatAppIdOf(tenant: TenantInfo | undefined, source: WechatSource): string | undefined {
  const id = source === 'wxwork' ? tenant?.wechatWorkCorpId : tenant?.wechatMpAppId;
  return id || undefined;
}

/** The authorize address for this tenant, or undefined when the tenant has no WeChat app. */
export function wechatAuthorizeAddress(tenant: TenantInfo, source: WechatSource): string | undefined {
  const appId = wechatAppIdOf(tenant, source);
  if (!appId) return undefined;
  const state = randomState();
  setStore('wechat-state', state, 'session');
  setStore('wechat-source', source, 'session');
  setPreferredTenantId(tenant.tenantId);
  return buildAuthorizeUrl({
    authorizeUrl: tenant.wechatAuthorizeUrl || DEFAULT_AUTHORIZE_URL,
    appId,
    redirectUri: `${window.location.origin}${window.location.pathname}#/login`,
    state,
    source,
    agentId: tenant.wechatWorkAgentId ?? undefined,
  });
}

/** Leaves for WeChat; false when the tenant has no app id for this source. */
export function startWechatAuthorize(tenant: TenantInfo, source: WechatSource): boolean {
  const address = wechatAuthorizeAddress(tenant, source);
  if (!address) return false;
  window.location.replace(address);
  return true;
}

/** The state and source kept when leaving for WeChat (read once). */
export function takeWechatState(): { state?: string; source?: WechatSource } {
  const state = getStore<string>('wechat-state');
  const source = getStore<WechatSource>('wechat-source');
  removeStore('wechat-state');
  removeStore('wechat-source');
  return { state, source };
}
