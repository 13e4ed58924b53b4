import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
// One precompression for both builds: .br/.gz beside each script, sent by the server (preCompressed).
// eslint-disable-next-line no-restricted-imports -- a vite config is read before any alias exists
import { precompress } from '../../tools/vite-plugin-precompress';

// The finance office's console, served by the API server at /admin/ (apps/server/src/app.ts); in
// development vite forwards /api to the server. Its own build and index.html: nothing of it reaches
// the phone app's bundle.
export default defineConfig({
  base: '/admin/',
  plugins: [react(), precompress()],
  resolve: { alias: { '@admin': new URL('./src', import.meta.url).pathname } },
  server: { port: 5174, proxy: { '/api': process.env.API_ORIGIN ?? 'http://127.0.0.1:8080' } },
  // The first screen's budget is bench:web's (<= 350 KB gz), not vite's warning.
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', manifest: true, chunkSizeWarningLimit: 1500 },
});
