/**
 * Links a person opens straight in the browser (a notice attachment, an invoice PDF: plain signed
 * links, no Blade-Auth header) fail as a small page in their language saying what to do, not as the
 * raw JSON envelope. A route takes part through its config, `{ config: { linkPage: { hint } } }`;
 * error-handler.ts answers this page for such a route when the request is a browser navigation
 * (Accept names text/html), and the Blade envelope to every other client. The status stays.
 */
import { translate, type Language, type MessageKey, type MessageParams } from '@cf/shared/messages';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** What the page of a route's failed link tells the person to do (a message key of packages/shared). */
export interface LinkPage {
  hint: MessageKey;
  hintParams?: MessageParams;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route is a link a person opens in the browser: its errors answer a page (link-error-page.ts). */
    linkPage?: LinkPage;
  }
}

export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * A browser navigation: the Accept header names text/html before any JSON. API clients (Accept JSON,
 * or no Accept at all) keep the envelope.
 */
export function wantsHtml(accept: string | undefined): boolean {
  if (!accept) return false;
  const types = accept
    .toLowerCase()
    .split(',')
    .map((part) => part.split(';')[0]!.trim());
  const html = types.findIndex((type) => type === 'text/html' || type === 'application/xhtml+xml');
  const json = types.findIndex((type) => type === 'application/json');
  return html >= 0 && (json < 0 || html < json);
}

/** Readable at 320 px: one column, system fonts, a big tap target back to the app. */
const STYLE = `body{margin:0;background:#f5f5f5;color:#191919;font:16px/1.6 -apple-system,"PingFang SC","Microsoft YaHei",sans-serif}
main{box-sizing:border-box;max-width:420px;margin:0 auto;padding:40px 16px}
.card{background:#fff;border-radius:8px;padding:20px 16px}
h1{font-size:18px;margin:0 0 12px}p{margin:0 0 12px;overflow-wrap:anywhere}.hint{color:#666;font-size:14px}
a{display:block;min-height:44px;box-sizing:border-box;margin-top:16px;padding:11px 12px;border-radius:6px;background:#1677ff;color:#fff;font-size:16px;text-align:center;text-decoration:none}`;

export interface LinkErrorPageInput {
  lang: Language;
  /** The error's translated message (the same words the envelope's msg carries). */
  message: string;
  page: LinkPage;
}

/** The whole page (every text escaped). */
export function linkErrorPage({ lang, message, page }: LinkErrorPageInput): string {
  const title = escapeHtml(translate('common.linkPage.title', lang));
  const hint = escapeHtml(translate(page.hint, lang, page.hintParams));
  const back = escapeHtml(translate('common.linkPage.back', lang));
  return `<!doctype html>
<html lang="${lang === 'en' ? 'en' : 'zh-CN'}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${title}</title><style>${STYLE}</style></head>
<body><main><div class="card"><h1>${title}</h1>
<p data-testid="link-error-message">${escapeHtml(message)}</p>
<p class="hint" data-testid="link-error-hint">${hint}</p>
<a href="/" data-testid="link-error-back">${back}</a></div></main></body></html>`;
}

/** The route's page config when the failed request is a browser navigation to a link route, else undefined. */
export function linkPageFor(req: FastifyRequest): LinkPage | undefined {
  const page = req.routeOptions?.config?.linkPage;
  return page && wantsHtml(req.headers.accept) ? page : undefined;
}

/** Sends the page with the error's status; never kept by a cache (the next link may work). */
export function sendLinkErrorPage(
  reply: FastifyReply,
  status: number,
  input: LinkErrorPageInput,
): FastifyReply {
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(linkErrorPage(input));
}
