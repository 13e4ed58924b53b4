import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

// The web app's unit tests run in jsdom (storage, cookies, components).
export default defineProject({
  plugins: [react()],
  resolve: { alias: { '@': new URL('./src', import.meta.url).pathname } },
  define: { __APP_VERSION__: JSON.stringify('1.3.14') },
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
  },
});
