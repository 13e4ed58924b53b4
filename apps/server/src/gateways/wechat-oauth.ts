/**
 * WeChat OAuth code exchange, the real protocol. Official account: sns/oauth2/access_token,
 * then sns/userinfo for the nickname. Enterprise WeChat: cgi-bin/gettoken, then
 * cgi-bin/auth/getuserinfo. In demo mode the same adapter talks to the app's own stand-in.
 */
import type {
  FetchLike,
  OauthSource,
  WechatAppCredentials,
  WechatIdentity,
  WechatOauthGateway,
} from './types';
import { WechatCodeError } from './types';

interface Urls {
  apiUrl: string;
  workApiUrl: string;
}

async function getJson(fetchFn: FetchLike, url: string): Promise<Record<string, unknown>> {
  const res = await fetchFn(url, { method: 'GET' });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`WeChat answered HTTP ${res.status}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/** Codes that mean the person's code is bad (invalid, used, expired), not that the service failed. */
const BAD_CODE_ERRORS = new Set([40029, 40163, 42003]);

function check(body: Record<string, unknown>): void {
  const errcode = Number(body.errcode ?? 0);
  if (errcode === 0) return;
  if (BAD_CODE_ERRORS.has(errcode)) throw new WechatCodeError(`${errcode} ${String(body.errmsg ?? '')}`);
  throw new Error(`WeChat error ${errcode}: ${String(body.errmsg ?? '')}`);
}

export function wechatOauth(fetchFn: FetchLike, urls: Urls): WechatOauthGateway {
  return {
    async exchange(source: OauthSource, app: WechatAppCredentials, code: string): Promise<WechatIdentity> {
      const q = encodeURIComponent;
      if (source === 'wxwork') {
        const tokenBody = await getJson(
          fetchFn,
          `${urls.workApiUrl}/cgi-bin/gettoken?corpid=${q(app.appId)}&corpsecret=${q(app.secret)}`,
        );
        check(tokenBody);
        const user = await getJson(
          fetchFn,
          `${urls.workApiUrl}/cgi-bin/auth/getuserinfo?access_token=${q(String(tokenBody.access_token))}&code=${q(code)}`,
        );
        check(user);
        const id = String(user.userid ?? user.UserId ?? user.openid ?? user.OpenId ?? '');
        if (!id) throw new WechatCodeError('no user in getuserinfo reply');
        return { openId: id };
      }
      const token = await getJson(
        fetchFn,
        `${urls.apiUrl}/sns/oauth2/access_token?appid=${q(app.appId)}&secret=${q(app.secret)}&code=${q(code)}&grant_type=authorization_code`,
      );
      check(token);
      const openId = String(token.openid ?? '');
      if (!openId) throw new WechatCodeError('no openid in access_token reply');
      const identity: WechatIdentity = { openId, unionId: token.unionid ? String(token.unionid) : undefined };
      if (String(token.scope ?? '').includes('snsapi_userinfo')) {
        const info = await getJson(
          fetchFn,
          `${urls.apiUrl}/sns/userinfo?access_token=${q(String(token.access_token))}&openid=${q(openId)}&lang=zh_CN`,
        );
        check(info);
        identity.nickname = info.nickname ? String(info.nickname) : undefined;
        identity.avatar = info.headimgurl ? String(info.headimgurl) : undefined;
      }
      return identity;
    },
  };
}
