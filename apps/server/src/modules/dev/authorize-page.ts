/**
 * The stand-in's authorize page: a small bilingual page where a person picks one of the demo
 * WeChat users (or a brand-new one) and allows or denies the app, like WeChat's consent screen.
 */
import { DEMO_WECHAT_USERS } from '@server/db/seed/demo';

export const NEW_PERSON = 'new';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const STYLE = `body{font-family:-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;margin:0;background:#ededed;color:#191919}
main{max-width:420px;margin:0 auto;padding:24px 16px}h1{font-size:18px;text-align:center}
.card{background:#fff;border-radius:8px;padding:16px;margin:16px 0}.app{text-align:center;color:#576b95}
label{display:flex;gap:10px;align-items:center;padding:10px 0;border-bottom:1px solid #f0f0f0}
label:last-child{border-bottom:0}small{color:#888;display:block}
button{display:block;width:100%;padding:12px;margin:10px 0;border:0;border-radius:6px;font-size:16px}
.allow{background:#07c160;color:#fff}.deny{background:#f2f2f2;color:#07c160}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="zh"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title>
<style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

export interface AuthorizeRequest {
  appid: string;
  redirectUri: string;
  scope: string;
  state: string;
  tenantName: string;
}

export function authorizePage(req: AuthorizeRequest): string {
  const hidden = (name: string, value: string) =>
    `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  const people = DEMO_WECHAT_USERS.map(
    (p, i) =>
      `<label><input type="radio" name="person" value="${escapeHtml(p.openId)}"${i === 0 ? ' checked' : ''}>` +
      `<span>${escapeHtml(p.nickname)}<small>${escapeHtml(p.openId)}</small></span></label>`,
  ).join('');
  return page(
    '微信授权 / WeChat authorization',
    `<h1>微信授权 / WeChat authorization</h1>
<p class="app">${escapeHtml(req.tenantName)} 申请获得你的公开信息（昵称、头像）<br>
${escapeHtml(req.tenantName)} would like your public profile (nickname, avatar)</p>
<form method="post" action="consent">
${hidden('appid', req.appid)}${hidden('redirect_uri', req.redirectUri)}${hidden('scope', req.scope)}${hidden('state', req.state)}
<div class="card">
<p>演示模式：选择以哪位微信用户授权 / Demo mode: choose who is signing in</p>
${people}
<label><input type="radio" name="person" value="${NEW_PERSON}"><span>新微信用户 / A new WeChat user<small>从未登录过 / never signed in before</small></span></label>
</div>
<button class="allow" type="submit" name="decision" value="allow">同意 / Allow</button>
<button class="deny" type="submit" name="decision" value="deny">拒绝 / Deny</button>
</form>`,
  );
}

export function errorPage(problem: string): string {
  return page(
    '出错了 / Something went wrong',
    `<h1>出错了 / Something went wrong</h1><div class="card"><p>${escapeHtml(problem)}</p></div>`,
  );
}
