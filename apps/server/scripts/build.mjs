// npm run build -w @cf/server: compiles the server to JavaScript in apps/server/dist, so production runs
// `node dist/main.js` without a TypeScript loader (tsx stays a development tool).
// One esbuild bundle per entry point; packages from node_modules stay external (loaded by Node as usual),
// except the workspace's own @cf/* packages, which are TypeScript source and are bundled in. The SQL
// migrations are copied next to the bundles: db/client.ts looks for them beside its own file, and for
// pglite-template/, the migrated empty cluster a new PGlite data folder is copied from.
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { build } from 'esbuild';

const serverDir = path.resolve(import.meta.dirname, '..');
const outdir = path.join(serverDir, 'dist');

/** Bare imports stay external, except @cf/* (workspace TypeScript source) and the @server/ path alias. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@cf/') || args.path.startsWith('@server/')
        ? undefined
        : { path: args.path, external: true },
    );
  },
};

rmSync(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: serverDir,
  // sheet-worker: the worker thread uploaded tables are read in (src/http/sheet/reader.ts starts it
  // from beside main.js); pglite-worker: the thread a data folder's PGlite runs in (src/db/pglite-thread.ts).
  entryPoints: {
    main: 'src/main.ts',
    'migrate-cli': 'src/db/migrate-cli.ts',
    'files-migrate': 'src/cli/files-migrate.ts',
    'sheet-worker': 'src/http/sheet/worker.ts',
    'pglite-worker': 'src/db/pglite-worker.ts',
  },
  outdir,
  bundle: true,
  // main.ts loads serve.ts with import() while the database opens: its own chunk, with its own imports.
  splitting: true,
  // Chunks sit beside main.js: files found from import.meta.url (migrations, the web builds) stay where they were.
  chunkNames: '[name]-[hash]',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Stack traces name the TypeScript files (the start commands pass node --enable-source-maps).
  sourcemap: true,
  plugins: [externalPackages],
  logLevel: 'warning',
});
cpSync(path.join(serverDir, 'src/db/migrations'), path.join(outdir, 'migrations'), { recursive: true });

// A new PGlite data folder starts from this migrated, empty cluster (db/client.ts), not from initdb.
// A plain folder: copying it is much faster than PGlite unpacking a tarball through its own file system.
const template = new PGlite(path.join(outdir, 'pglite-template'), { extensions: { pg_trgm } });
await migrate(drizzle(template), { migrationsFolder: path.join(outdir, 'migrations') });
await template.close();
process.stdout.write(`server built: ${path.relative(process.cwd(), outdir) || '.'}/main.js\n`);
