import { rmSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import type { E2eOptions } from './support';

// The stories run on a matrix of phones: 320 px (the narrowest the spec supports) and 414 px, in Chinese
// and in English. Every worker starts its own demo server with its own data folder (support.ts, the
// `server` worker fixture), so parallel workers never share demo data. Worker processes load this file
// too (they carry TEST_WORKER_INDEX); only the runner may wipe the data folders.
const dataRoot = path.resolve(import.meta.dirname, '.data');
if (process.env.TEST_WORKER_INDEX === undefined) rmSync(dataRoot, { recursive: true, force: true });

const phone = (name: string, width: number, lang: 'zh' | 'en', testMatch?: string[]) => ({
  name,
  ...(testMatch ? { testMatch } : {}),
  use: {
    viewport: { width, height: 700 },
    locale: lang === 'en' ? 'en-US' : 'zh-CN',
    lang,
  },
});

// Every story runs at 320 px, the narrowest phone and the one where text overflows, in Chinese and in
// English: stories look their texts up in the app's dictionaries for the project's language (support.ts
// `t`, texts.ts), so the same story reads Chinese or English screens. At 414 px, in both languages, run
// the walk through every screen (screens.spec.ts) and the stories made of screens rather than payment
// flows: the payer's words and numbers, notices, invoices, salary, Mine, signing (docs/decisions.md,
// "E2E matrix"). Every screen a story photographs is checked for Han characters
// (English), overflow at the phone's width and tap targets under 44 px (support.ts, checkScreen).
const WIDE_PHONE_SPECS = [
  'screens',
  'payer-words-and-numbers',
  'notices',
  'invoices',
  'salary',
  'mine',
  'signature-rating',
].map((name) => `**/specs/${name}.spec.ts`);

// The finance office's console (apps/admin) is a desktop app: its stories (specs/console/) run on their
// own project, a 1280 × 800 Chromium window, not a phone; the phone projects leave them out.
const consoleSpecs = '**/specs/console/**';
const desktop = (name: string, width: number, lang: 'zh' | 'en') => ({
  name,
  testDir: './specs/console',
  testIgnore: [],
  // Each screen is photographed at two widths in two languages (support.ts, consoleScreenshot).
  timeout: 120_000,
  use: {
    viewport: { width, height: 800 },
    locale: lang === 'en' ? 'en-US' : 'zh-CN',
    lang,
    deviceScaleFactor: 1,
    isMobile: false,
    hasTouch: false,
  },
});

export default defineConfig<E2eOptions>({
  testDir: './specs',
  testIgnore: consoleSpecs,
  outputDir: './test-results',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  // Each worker is one phone with its own server; two fit CI's two cores (E2E_WORKERS to change).
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  // Two workers, each with its own server and Chromium, share CI's two cores: a cold first screen of a
  // worker (its server's first queries) can take longer than Playwright's default 5 s.
  expect: { timeout: 10_000 },
  // CI also writes a JSON report for its closing summary line.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    phone('phone-320-zh', 320, 'zh'),
    phone('phone-414-zh', 414, 'zh', WIDE_PHONE_SPECS),
    phone('phone-320-en', 320, 'en'),
    phone('phone-414-en', 414, 'en', WIDE_PHONE_SPECS),
    desktop('console-1280', 1280, 'zh'),
  ],
});
