import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * Production builds only: a .br and a .gz beside index.html and every script and stylesheet of dist/assets, which the
 * server sends to a browser that accepts them (@fastify/static `preCompressed`, apps/server/src/app.ts).
 * The shell then crosses a slow network as ~125 KB instead of ~380 KB.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const assets = path.join(outDir, 'assets');
      const files = [
        ...readdirSync(assets)
          .filter((file) => /\.(js|css)$/.test(file))
          .map((file) => path.join(assets, file)),
        // The page itself: its boot script and the first-paint markup.
        path.join(outDir, 'index.html'),
      ];
      for (const full of files) {
        const body = readFileSync(full);
        if (body.length < 1024) continue;
        writeFileSync(`${full}.gz`, gzipSync(body, { level: 9 }));
        writeFileSync(
          `${full}.br`,
          brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}
