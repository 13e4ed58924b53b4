import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { paintFirst } from './vite-plugin-paint-first';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

// The API lives on the same origin in production; in development vite forwards /api to it.
export default defineConfig({
  plugins: [react(), paintFirst()],
  resolve: { alias: { '@': new URL('./src', import.meta.url).pathname } },
  define: { __APP_VERSION__: JSON.stringify(version) },
  server: { proxy: { '/api': process.env.API_ORIGIN ?? 'http://127.0.0.1:8080' } },
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2020', manifest: true },
});
