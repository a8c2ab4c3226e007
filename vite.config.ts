import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// base './' keeps every asset (checkpoints, worker, wasm) relative to the page,
// so the build works from any static host, also under a sub-path.
export default defineConfig({
  base: './',
  plugins: [react()],
  worker: { format: 'es' },
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 60_000,
    pool: 'forks',
  },
});
