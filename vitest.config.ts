import { defineConfig } from 'vitest/config';

// Server tests run on PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set.
const serverInclude = ['apps/server/**/*.test.ts'];
// The server's path aliases (apps/server/tsconfig.json).
const serverAlias = {
  '@server': new URL('./apps/server/src', import.meta.url).pathname,
  '@server-test': new URL('./apps/server/test', import.meta.url).pathname,
};
const projects = [
  { test: { name: 'shared', include: ['packages/shared/**/*.test.ts'] } },
  // The structure rules of npm run lint (scripts/lint-rules.test.ts).
  { test: { name: 'lint', include: ['scripts/**/*.test.ts'], testTimeout: 60000 } },
  // The benchmarks' shared start (bench/in-process.ts), which runs the server in the test's process.
  {
    test: { name: 'bench', alias: serverAlias, include: ['bench/**/*.test.ts'], testTimeout: 60000 },
  },
  'apps/web/vitest.config.ts',
  'apps/admin/vitest.config.ts',
  {
    test: {
      name: 'server-pglite',
      alias: serverAlias,
      include: serverInclude,
      env: { TEST_DB: 'pglite' },
      testTimeout: 30000,
      hookTimeout: 60000,
    },
  },
];
if (process.env.TEST_DATABASE_URL) {
  projects.push({
    test: {
      name: 'server-postgres',
      alias: serverAlias,
      include: serverInclude,
      env: { TEST_DB: 'postgres' },
      testTimeout: 30000,
      hookTimeout: 60000,
    },
  });
}

export default defineConfig({ test: { projects } });
