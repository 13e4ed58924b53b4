import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

// The console's unit tests run in jsdom (storage, components).
export default defineProject({
  plugins: [react()],
  resolve: { alias: { '@admin': new URL('./src', import.meta.url).pathname } },
  test: {
    name: 'admin',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    // antd's first render in jsdom takes seconds on a busy machine.
    testTimeout: 20_000,
  },
});
