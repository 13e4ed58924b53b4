import type { Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/** The modules whose chunks a cold start on an inner screen needs, beside the entry (router.tsx). */
const SHELL_MODULE = '/src/app/shell/app-shell.tsx';
const MONEY_MODULE = '/src/app/finance-screens.ts';
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
 * A cold start on an inner screen (a signed-in deep link, #/fee/index) also preloads, with the entry,
 * the shell's and the money screens' chunks, which the app would otherwise ask for one after another
 * as React reaches each lazy part (each a round trip on a slow network).
 */
export function paintFirst(): Plugin {
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
        const shell = chunkFiles(bundle, SHELL_MODULE, initial);
        const money = chunkFiles(bundle, MONEY_MODULE, initial);
        const texts = {
          zh: chunkFiles(bundle, FINANCE_TEXTS.zh, initial),
          en: chunkFiles(bundle, FINANCE_TEXTS.en, initial),
        };
        const loader =
          `<script>requestAnimationFrame(function(){setTimeout(function(){` +
          `var h=document.head;function p(u){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=u;h.appendChild(l)}` +
          `${JSON.stringify(preloads.map((p) => p[1]))}.forEach(p);` +
          `var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=${JSON.stringify(entry[1])};h.appendChild(s);` +
          `var r=location.hash.replace(/^#/,'').split('?')[0];` +
          `if(r&&!/^\\/(login)?$/.test(r)&&/(^|; )[\\w-]+-access-token=/.test(document.cookie)){` +
          `${JSON.stringify(shell)}.forEach(p);` +
          `if(/^\\/(fee|order|pay|enroll)(\\/|$)/.test(r)){${JSON.stringify(money)}.forEach(p);` +
          `var en=false;try{en=localStorage.getItem('language')==='en'}catch(e){}` +
          `(en?${JSON.stringify(texts.en)}:${JSON.stringify(texts.zh)}).forEach(p)}}` +
          `},0)})</script>`;
        return out.replace('</body>', `${loader}\n  </body>`);
      },
    },
  };
}
