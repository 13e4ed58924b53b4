/** WeChat in-app browsers and the OAuth authorize address (spec §2, issue 3). */
export type WechatSource = 'wechat' | 'wxwork';

/** 'wxwork' for the enterprise variant, 'wechat' for the public-account one, null elsewhere. */
export function wechatSource(userAgent: string = navigator.userAgent): WechatSource | null {
  if (/wxwork/i.test(userAgent)) return 'wxwork';
  if (/MicroMessenger/i.test(userAgent)) return 'wechat';
  return null;
}

export interface AuthorizeUrlInput {
  authorizeUrl: string;
  appId: string;
  redirectUri: string;
  state: string;
  source: WechatSource;
  /** Enterprise WeChat also names the agent. */
  agentId?: string;
}

/** The public account asks for the userinfo scope, the enterprise variant for the base scope. */
export function buildAuthorizeUrl(input: AuthorizeUrlInput): string {
  const params = new URLSearchParams({
    appid: input.appId,
    redirect_uri: input.redirectUri,
    response_type: 'code',
    scope: input.source === 'wxwork' ? 'snsapi_base' : 'snsapi_userinfo',
    state: input.state,
  });
  if (input.source === 'wxwork' && input.agentId) params.set('agentid', input.agentId);
  return `${input.authorizeUrl}?${params.toString()}#wechat_redirect`;
}

export function randomState(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
