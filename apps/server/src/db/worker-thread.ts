/**
 * Starts a worker thread from a TypeScript entry. Built (dist/): the entry is its own bundle beside
 * main.js (scripts/build.mjs names it). From source (tests, tsx): the thread loads tsx first, then the
 * TypeScript file. Used by the sheet reader (http/sheet/reader.ts) and the PGlite thread (pglite-thread.ts).
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

const fromSource = import.meta.url.endsWith('.ts');

/** `built`: the bundle's file name in dist/; `source`: the TypeScript entry's URL. */
export function startWorkerThread(built: string, source: URL, options: WorkerOptions = {}): Worker {
  if (!fromSource) return new Worker(new URL(`./${built}`, import.meta.url), options);
  // The ESM entry of tsx's API (require.resolve answers the CommonJS one beside it).
  const tsxApi = createRequire(import.meta.url)
    .resolve('tsx/esm/api')
    .replace(/\.cjs$/, '.mjs');
  const tsx = pathToFileURL(tsxApi).href;
  return new Worker(
    `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(source.href)}); })`,
    { ...options, eval: true },
  );
}
