#!/usr/bin/env node
// Rewrites imports that climb two or more directories (`../../x`) into the path aliases
// (`@server/…`, `@server-test/…`, `@/…`). Lint forbids climbing imports; run this after a merge
// or a move brings some back: `node scripts/alias-imports.mjs`.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const roots = [
  { dir: 'apps/server/src', alias: '@server' },
  { dir: 'apps/server/test', alias: '@server-test' },
  { dir: 'apps/web/src', alias: '@' },
].map((r) => ({ ...r, abs: join(root, r.dir) }));

function* walk(dir) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) yield* walk(p);
    else if (/\.(ts|tsx|mts)$/.test(name)) yield p;
  }
}

const specifier = /((?:from|import|mock|doMock|importActual)\s*\(?\s*)(['"])(\.\.\/\.\.\/[^'"]*)\2/g;
let changed = 0;
for (const r of roots) {
  for (const file of walk(r.abs)) {
    const text = readFileSync(file, 'utf8');
    const next = text.replace(specifier, (whole, head, quote, spec) => {
      const target = resolve(dirname(file), spec);
      const home = roots.find((x) => target === x.abs || target.startsWith(x.abs + '/'));
      if (!home) return whole;
      return `${head}${quote}${home.alias}/${relative(home.abs, target)}${quote}`;
    });
    if (next !== text) {
      writeFileSync(file, next);
      changed++;
    }
  }
}
console.log(`alias-imports: ${changed} files rewritten`);
