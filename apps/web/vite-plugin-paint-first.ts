import type { Plugin } from 'vite';

/**
 * Production builds only: the entry script and its module preloads start after the first frame, so
 * the static name in index.html paints at once on a slow phone instead of waiting behind ~130 KB of
 * script. The order and the files are Vite's own; only when they are requested changes.
 */
export function paintFirst(): Plugin {
  return {
    name: 'paint-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
        const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html);
        if (!entry) return html;
        let out = html.replace(entry[0], '');
        for (const p of preloads) out = out.replace(p[0], '');
        const loader =
          `<script>requestAnimationFrame(function(){setTimeout(function(){` +
          `var h=document.head;` +
          `${JSON.stringify(preloads.map((p) => p[1]))}.forEach(function(u){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=u;h.appendChild(l)});` +
          `var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=${JSON.stringify(entry[1])};h.appendChild(s)` +
          `},0)})</script>`;
        return out.replace('</body>', `${loader}\n  </body>`);
      },
    },
  };
}
