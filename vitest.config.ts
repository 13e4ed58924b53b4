import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { configDefaults, defineConfig, type TestProjectConfiguration } from 'vitest/config';

// Server tests run on PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set.
const serverInclude = ['apps/server/src/**/*.test.ts'];
/**
 * Server test files that replace a module (vi.mock) get fresh modules of their own (isolate); the rest
 * share their worker's loaded modules (isolate: false), which saves the ~2.5 s each file spent loading
 * the server again — most of npm test's time (docs/decisions.md, "Test speed"). Each file still builds
 * its own app on its own database (test/helpers.ts).
 */
const serverSrc = new URL('./apps/server/src', import.meta.url).pathname;
const mockingServerTests = readdirSync(serverSrc, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts'))
  .filter((file) => /\bvi\.(mock|doMock)\(/.test(readFileSync(path.join(serverSrc, file), 'utf8')))
  .map((file) => `apps/server/src/${file}`);
// The server's path aliases (apps/server/tsconfig.json).
const serverAlias = {
  '@server': new URL('./apps/server/src', import.meta.url).pathname,
  '@server-test': new URL('./apps/server/test', import.meta.url).pathname,
};
/** The server's tests on one database: the shared-module files and the isolated (mocking) ones. */
const serverProjects = (db: 'pglite' | 'postgres') => {
  const common = {
    alias: serverAlias,
    env: { TEST_DB: db },
    testTimeout: 30000,
    hookTimeout: 60000,
  };
  return [
    {
      test: {
        ...common,
        name: `server-${db}`,
        include: serverInclude,
        exclude: [...configDefaults.exclude, ...mockingServerTests],
        isolate: false,
      },
    },
    { test: { ...common, name: `server-${db}-isolated`, include: mockingServerTests } },
  ];
};

const projects: TestProjectConfiguration[] = [
  { test: { name: 'shared', include: ['packages/shared/**/*.test.ts'] } },
  // The structure rules of npm run lint (scripts/lint-rules.test.ts).
  { test: { name: 'lint', include: ['scripts/**/*.test.ts'], testTimeout: 60000 } },
  // The benchmarks' shared start (bench/in-process.ts), which runs the server in the test's process.
  {
    test: { name: 'bench', alias: serverAlias, include: ['bench/**/*.test.ts'], testTimeout: 60000 },
  },
  'apps/web/vitest.config.ts',
  'apps/admin/vitest.config.ts',
  ...serverProjects('pglite'),
];
if (process.env.TEST_DATABASE_URL) projects.push(...serverProjects('postgres'));

// Vitest's default on two cores is one worker; the tests wait on PostgreSQL and timers often enough that
// two (at least) finish in about half the time.
export default defineConfig({ test: { projects, maxWorkers: Math.max(2, availableParallelism()) } });
