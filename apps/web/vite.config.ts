import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { chunkGroups } from './vite-chunk-groups';
import { paintFirst } from './vite-plugin-paint-first';
// eslint-disable-next-line no-restricted-imports -- a vite config is read before any alias exists
import { precompress } from '../../tools/vite-plugin-precompress';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

// The API lives on the same origin in production; in development vite forwards /api to it.
export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, process.cwd(), 'VITE_');
  // The same defaults as src/lib/env.ts.
  const basicAuth = `Basic ${btoa(`${env.VITE_CLIENT_ID || 'saber'}:${env.VITE_CLIENT_SECRET || 'saber_secret'}`)}`;
  return {
    plugins: [react(), paintFirst({ basicAuth }), precompress()],
    resolve: {
      alias: [{ find: '@', replacement: new URL('./src', import.meta.url).pathname }],
    },
    define: { __APP_VERSION__: JSON.stringify(version) },
    server: { proxy: { '/api': process.env.API_ORIGIN ?? 'http://127.0.0.1:8080' } },
    // One stylesheet (all of it ~13 KB gz, within the sign-in page's 15 KB budget): an inner screen then asks
    // for no stylesheet per lazy chunk, each a round trip on a slow network.
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      target: 'es2020',
      manifest: true,
      cssCodeSplit: false,
      rolldownOptions: {
        output: {
          codeSplitting: { includeDependenciesRecursively: false, groups: [{ name: chunkGroups() }] },
        },
      },
    },
  };
});
