import type { Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/** The modules whose chunks a cold start on an inner screen needs, beside the entry (router.tsx). */
const SHELL_MODULE = '/src/app/shell/app-shell.tsx';
const MONEY_MODULE = '/src/app/finance-screens.ts';
const FEE_MODULE = '/src/app/fee-screen.ts';
const FINANCE_TEXTS = { zh: '/src/lib/i18n/finance-zh.ts', en: '/src/lib/i18n/finance-en.ts' };

/** A chunk's file and every chunk it imports statically, without the entry's own (already loading). */
function chunkFiles(bundle: OutputBundle, moduleEnd: string, skip: Set<string>): string[] {
  const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
  const start = chunks.find((c) => c.facadeModuleId?.endsWith(moduleEnd));
  if (!start) return [];
  const files = new Set<string>();
  const visit = (chunk: OutputChunk) => {
    if (files.has(chunk.fileName) || skip.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    for (const name of chunk.imports) {
      const next = bundle[name];
      if (next?.type === 'chunk') visit(next);
    }
  };
  visit(start);
  return [...files].map((f) => `/${f}`);
}

/**
 * Production builds only: the entry script and its module preloads start after the first frame, so
 * the static name in index.html paints at once on a slow phone instead of waiting behind ~130 KB of
 * script. The order and the files are Vite's own; only when they are requested changes.
 * A cold start on an inner screen (a signed-in deep link, #/fee/index) starts at once instead, from a
 * script in <head> placed before the stylesheet: the entry, the shell's and the money screens' chunks
 * (which the app would otherwise ask for one after another as React reaches each lazy part, each a
 * round trip on a slow network) and the screen's first API replies (window.__cfEarly, taken once by
 * src/lib/api-client.ts), so they travel while the scripts download.
 */
export interface PaintFirstOptions {
  /** The Basic client header every API call carries (public by design, see src/lib/env.ts). */
  basicAuth: string;
}

/** GETs (no parameters) index.html starts at once on a signed-in cold start: every screen's first ones. */
const EARLY_ALWAYS = ['/api/blade-auth/oauth/user-info', '/api/blade-system/menu/buttons'];
/** And per screen: the list the screen opens with. */
const EARLY_BY_ROUTE: Record<string, string[]> = { '/fee/index': ['/api/blade-finance/fee/student'] };
/** Unused early replies are dropped after this (the app asks again itself). */
const EARLY_LIFE_MS = 30_000;

export function paintFirst(options: PaintFirstOptions): Plugin {
  return {
    name: 'paint-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
        const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html);
        if (!entry) return html;
        let out = html.replace(entry[0], '');
        for (const p of preloads) out = out.replace(p[0], '');
        const initial = new Set([entry[1]!, ...preloads.map((p) => p[1]!)].map((f) => f.replace(/^\//, '')));
        const bundle = ctx.bundle ?? {};
        const sizeOf = (file: string) => {
          const chunk = bundle[file.replace(/^\//, '')];
          return chunk?.type === 'chunk' ? chunk.code.length : 0;
        };
        const largestFirst = (files: string[]) => [...files].sort((a, b) => sizeOf(b) - sizeOf(a));
        const list = (files: string[]) => JSON.stringify([...new Set(files)]);
        const shell = chunkFiles(bundle, SHELL_MODULE, initial);
        const money = chunkFiles(bundle, MONEY_MODULE, initial);
        const fee = chunkFiles(bundle, FEE_MODULE, initial);
        const texts = {
          zh: chunkFiles(bundle, FINANCE_TEXTS.zh, initial),
          en: chunkFiles(bundle, FINANCE_TEXTS.en, initial),
        };
        const boot =
          `<script>(function(){` +
          `var h=document.head,r=location.hash.replace(/^#/,'').split('?')[0],en=false;` +
          `try{en=localStorage.getItem('language')==='en'}catch(e){}` +
          `function p(u){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=u;h.appendChild(l)}` +
          `function start(inner){${JSON.stringify(largestFirst(preloads.map((p) => p[1]!)))}.forEach(p);` +
          `var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=${JSON.stringify(entry[1])};h.appendChild(s);` +
          `if(!inner)return;` +
          // An inner screen's chunks: the shell's, then the screen's, then its texts.
          `var fee=r==='/fee/index',money=/^\\/(fee|order|pay|enroll)(\\/|$)/.test(r);` +
          `(fee?(en?${list([...shell, ...fee, ...texts.en])}:${list([...shell, ...fee, ...texts.zh])}):` +
          `money?(en?${list([...shell, ...money, ...texts.en])}:${list([...shell, ...money, ...texts.zh])}):` +
          `${list(shell)}).forEach(p)}` +
          `var m=/(?:^|; )[\\w-]+-access-token=([^;]*)/.exec(document.cookie);` +
          `if(!r||/^\\/(login)?$/.test(r)||!m){window.__cfStart=start;return}` +
          `var hd={Authorization:${JSON.stringify(options.basicAuth)},'Accept-Language':en?'en-US':'zh-CN','Blade-Auth':'bearer '+decodeURIComponent(m[1])};` +
          // The scripts first, the largest first: over HTTP/1.1 six requests travel at a time, and a
          // large script queued behind a wave of small replies arrives a whole round trip later.
          `var e=window.__cfEarly={};` +
          `start(true);` +
          `function g(u){e[u]=fetch(u,{credentials:'include',headers:hd}).then(function(x){return x.json()}).catch(function(){return null})}` +
          `var f=${JSON.stringify(EARLY_BY_ROUTE)}[r];if(f)f.forEach(g);` +
          `${JSON.stringify(EARLY_ALWAYS)}.forEach(g);` +
          `setTimeout(function(){window.__cfEarly={}},${EARLY_LIFE_MS})` +
          `})()</script>`;
        const loader = `<script>requestAnimationFrame(function(){setTimeout(function(){window.__cfStart&&window.__cfStart(false)},0)})</script>`;
        // Before the stylesheet: a script after it would wait for the stylesheet to arrive.
        const css = /<link rel="stylesheet"[^>]*>/.exec(out);
        out = css
          ? out.replace(css[0], () => `${boot}\n    ${css[0]}`)
          : out.replace('</head>', () => `${boot}\n  </head>`);
        return out.replace('</body>', `${loader}\n  </body>`);
      },
    },
  };
}
