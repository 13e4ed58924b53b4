// npm run bench:web — the web app's size budgets and Lighthouse mobile scores, from the production build.
// Initial JS/CSS of /#/login are what a real Chromium loads for that page; lazy chunks are the rest.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { median, root, startServer, table } from './lib.mjs';

const print = (text) => process.stdout.write(`${text}\n`);

const BUDGET = { initialJsKb: 130, cssKb: 15, lazyChunkKb: 50, performance: 90, lcpMs: 2500, cls: 0.1 };
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const dist = path.join(root, 'apps/web/dist');
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 5);

if (!existsSync(path.join(dist, 'index.html')) || process.env.BENCH_REBUILD) {
  execSync('npm run build -w @cf/web', { cwd: root, stdio: 'inherit' });
}
const gzKb = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length / 1024;
const assets = readdirSync(path.join(dist, 'assets')).map((f) => `assets/${f}`);

const server = await startServer();
let failed = false;
try {
  // 1. What /#/login really loads.
  const browser = await chromium.launch({ executablePath: chromePath, args: chromeFlags.slice(1) });
  const page = await browser.newPage({ viewport: { width: 375, height: 667 } });
  const loaded = new Set();
  page.on('response', (res) => {
    const p = new URL(res.url()).pathname.replace(/^\//, '');
    if (assets.includes(p)) loaded.add(p);
  });
  await page.goto(`${server.url}/#/login`, { waitUntil: 'networkidle' });
  await browser.close();
  const initialJs = [...loaded].filter((f) => f.endsWith('.js'));
  const initialCss = [...loaded].filter((f) => f.endsWith('.css'));
  const allCss = assets.filter((f) => f.endsWith('.css'));
  const lazy = assets.filter((f) => f.endsWith('.js') && !loaded.has(f));
  const sum = (files) => files.reduce((n, f) => n + gzKb(f), 0);
  const rows = [
    {
      measure: 'initial JS of /#/login (gzip KB)',
      value: sum(initialJs).toFixed(1),
      budget: `<= ${BUDGET.initialJsKb}`,
    },
    { measure: 'CSS of /#/login (gzip KB)', value: sum(initialCss).toFixed(1), budget: `<= ${BUDGET.cssKb}` },
    { measure: 'all CSS (gzip KB)', value: sum(allCss).toFixed(1), budget: '-' },
    {
      measure: 'largest lazy chunk (gzip KB)',
      value: Math.max(0, ...lazy.map(gzKb)).toFixed(1),
      budget: `<= ${BUDGET.lazyChunkKb}`,
    },
  ];
  failed ||=
    sum(initialJs) > BUDGET.initialJsKb ||
    sum(initialCss) > BUDGET.cssKb ||
    lazy.some((f) => gzKb(f) > BUDGET.lazyChunkKb);
  print('\nBundle (production build)\n' + table(rows));
  print(
    '\nLazy chunks (gzip KB)\n' +
      table(
        lazy.map((f) => ({
          chunk: f,
          kb: gzKb(f).toFixed(1),
          ok: gzKb(f) <= BUDGET.lazyChunkKb ? 'yes' : 'NO',
        })),
      ),
  );

  // 2. Lighthouse mobile, median of N runs.
  const results = [];
  for (let i = 0; i < runs; i++) {
    const chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
    try {
      const { lhr } = await lighthouse(`${server.url}/#/login`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      });
      results.push({
        run: i + 1,
        performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
        lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
        cls: Number(lhr.audits['cumulative-layout-shift'].numericValue.toFixed(3)),
        fcpMs: Math.round(lhr.audits['first-contentful-paint'].numericValue),
        tbtMs: Math.round(lhr.audits['total-blocking-time'].numericValue),
      });
    } finally {
      await chrome.kill();
    }
  }
  const med = {
    run: 'median',
    performance: median(results.map((r) => r.performance)),
    lcpMs: median(results.map((r) => r.lcpMs)),
    cls: median(results.map((r) => r.cls)),
    fcpMs: median(results.map((r) => r.fcpMs)),
    tbtMs: median(results.map((r) => r.tbtMs)),
  };
  print(
    `\nLighthouse mobile, /#/login (${runs} runs; budget performance >= ${BUDGET.performance}, LCP <= ${BUDGET.lcpMs} ms, CLS <= ${BUDGET.cls})\n` +
      table([...results, med]),
  );
  failed ||= med.performance < BUDGET.performance || med.lcpMs > BUDGET.lcpMs || med.cls > BUDGET.cls;
  print(failed ? '\nBudgets: OVER' : '\nBudgets: all within');
} finally {
  await server.stop();
}
process.exit(failed ? 1 : 0);
