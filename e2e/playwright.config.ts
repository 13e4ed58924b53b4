import { rmSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// A fresh demo installation for every run: its own data folder and port. Worker processes load
// this file too (they carry TEST_WORKER_INDEX); only the runner may wipe the folder, or a worker
// would delete the database under the running server.
const dataDir = path.resolve(import.meta.dirname, '.data');
if (process.env.TEST_WORKER_INDEX === undefined) rmSync(dataDir, { recursive: true, force: true });
const port = Number(process.env.E2E_PORT ?? 8181);

export default defineConfig({
  testDir: './specs',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  // CI also writes a JSON report for its closing summary line.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 375, height: 667 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
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
  projects: [{ name: 'chromium-phone' }],
  webServer: {
    // The compiled server, as production runs it; rebuilt first (half a second) so it is today's code.
    command: 'npm run build -w @cf/server && npm start',
    cwd: path.resolve(import.meta.dirname, '..'),
    url: `http://127.0.0.1:${port}/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      APP_MODE: 'demo',
      DATABASE_URL: '',
    },
  },
});
