import { describe, expect, it } from 'vitest';
import { buildAuthorizeUrl, wechatSource } from './wechat';

const WECHAT =
  'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36 MicroMessenger/8.0.47';

describe('WeChat', () => {
  it('tells the WeChat browsers apart', () => {
    expect(wechatSource(WECHAT)).toBe('wechat');
    expect(wechatSource(`${WECHAT} wxwork/4.1.0`)).toBe('wxwork');
    expect(wechatSource('Mozilla/5.0 (iPhone) Safari/604.1')).toBeNull();
  });

  it('asks the official account for snsapi_userinfo and ends with #wechat_redirect', () => {
    const url = buildAuthorizeUrl({
      authorizeUrl: 'https://open.weixin.qq.com/connect/oauth2/authorize',
      appId: 'wx1',
      redirectUri: 'https://pay.example.edu/#/login',
      state: 's1',
      source: 'wechat',
    });
    expect(url).toBe(
      'https://open.weixin.qq.com/connect/oauth2/authorize?appid=wx1&redirect_uri=https%3A%2F%2Fpay.example.edu%2F%23%2Flogin&response_type=code&scope=snsapi_userinfo&state=s1#wechat_redirect',
    );
  });

  it('asks enterprise WeChat for snsapi_base with its agent id', () => {
    const url = new URL(
      buildAuthorizeUrl({
        authorizeUrl: 'https://open.weixin.qq.com/connect/oauth2/authorize',
        appId: 'ww1',
        redirectUri: 'https://x/#/login',
        state: 's2',
        source: 'wxwork',
        agentId: '1000001',
      }),
    );
    expect(url.searchParams.get('scope')).toBe('snsapi_base');
    expect(url.searchParams.get('agentid')).toBe('1000001');
    expect(url.hash).toBe('#wechat_redirect');
  });
});
