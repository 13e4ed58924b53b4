/**
 * Security headers on every reply (helmet): a Content-Security-Policy the built web app passes without
 * 'unsafe-inline' scripts, framing by this site only, nosniff, a referrer policy, and HSTS in production.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyHelmetOptions } from '@fastify/helmet';

/** HSTS lifetime: half a year; subdomains are left alone (a school runs other sites beside this one). */
const HSTS_MAX_AGE = 180 * 24 * 3600;

/**
 * 'sha256-…' sources of the inline scripts of the built index.html (the first-paint rem script and
 * the loader of vite-plugin-paint-first.ts), from the very file served, so they always match it.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc\s*=/i.test(match[1] ?? '') || match[2] === '') continue;
    hashes.push(`'sha256-${createHash('sha256').update(match[2]!, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/** How often the served index.html is looked at again: `npm run build` beside a running server. */
const RECHECK_MS = 1000;

/**
 * The hash sources of the index.html as it is on disk now (none when there is no build), re-read when
 * the file changes, so a rebuilt web app works without restarting the server.
 */
export function indexScriptHashes(webDist: string, recheckMs = RECHECK_MS): () => string {
  const index = path.join(webDist, 'index.html');
  let checkedAt = -Infinity;
  let seenMtime: number | undefined;
  let sources = '';
  return () => {
    const now = Date.now();
    if (now - checkedAt < recheckMs) return sources;
    checkedAt = now;
    const mtime = statSync(index, { throwIfNoEntry: false })?.mtimeMs;
    if (mtime !== seenMtime) {
      seenMtime = mtime;
      sources = mtime === undefined ? '' : inlineScriptHashes(readFileSync(index, 'utf8')).join(' ');
    }
    return sources;
  };
}

/**
 * The Content-Security-Policy header value, built again only when the index.html hashes change (helmet
 * would build it on every reply, ~5% of a small API reply's time). Set by app.ts on every reply.
 */
export function contentSecurityPolicy(options: { production: boolean; webDist: string }): () => string {
  const scriptHashes = indexScriptHashes(options.webDist);
  let seen: string | undefined;
  let header = '';
  return () => {
    const hashes = scriptHashes();
    if (hashes !== seen) {
      seen = hashes;
      const directives: [string, string][] = [
        ['default-src', "'self'"],
        ['script-src', `'self' ${hashes}`.trim()],
        ['script-src-attr', "'none'"],
        // Styles may be inline: React and antd-mobile set style attributes, the demo stand-in pages
        // carry a <style>. Scripts never may.
        ['style-src', "'self' 'unsafe-inline'"],
        // data: the captcha image; https: avatars from WeChat's image hosts.
        ['img-src', "'self' data: https:"],
        ['font-src', "'self' data:"],
        ['connect-src', "'self'"],
        ['object-src', "'none'"],
        ['base-uri', "'self'"],
        ['form-action', "'self'"],
        ['frame-ancestors', "'self'"],
      ];
      // Demo mode is often opened over plain http on a LAN address: upgrading would break it.
      header = directives.map(([name, value]) => `${name} ${value}`).join(';');
      if (options.production) header += ';upgrade-insecure-requests';
    }
    return header;
  };
}

/** helmet's headers but the CSP (contentSecurityPolicy above): framing, nosniff, referrer, HSTS. */
export function securityHeaders(options: { production: boolean }): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: false,
    frameguard: { action: 'sameorigin' },
    noSniff: true,
    referrerPolicy: { policy: 'same-origin' },
    hsts: options.production ? { maxAge: HSTS_MAX_AGE, includeSubDomains: false } : false,
  };
}

/**
 * Every API reply says `Cache-Control: no-store` unless its route says otherwise (the public catalogue's
 * `no-cache`, a notice attachment's short private copy): people's, orders' and salary data, to the
 * payer, the staff member or the finance office, is never kept by a browser or a proxy. Set before the
 * route runs, so a route's own header (set later) wins.
 */
export const API_CACHE_CONTROL = 'no-store';

export const isApiPath = (url: string): boolean => url.startsWith('/api/');
