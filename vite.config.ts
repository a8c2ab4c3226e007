import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import pkg from './package.json' with { type: 'json' };

// base './' keeps every asset (checkpoints, worker, wasm) relative to the page,
// so the build works from any static host, also under a sub-path.
export default defineConfig({
  base: './',
  plugins: [react()],
  define: { __APP_VERSION__: JSON.stringify(pkg.version), __TFJS_VERSION__: JSON.stringify(pkg.dependencies['@tensorflow/tfjs']) },
  worker: { format: 'es' },
  // Listed up front so the dev server does not discover them mid-session (the training
  // worker loads tfjs late) and reload the page under a running test.
  optimizeDeps: {
    include: ['chart.js', '@tensorflow/tfjs', '@tensorflow/tfjs-backend-webgpu', '@tensorflow/tfjs-backend-wasm', 'zod', 'zustand', 'idb'],
  },
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 60_000,
    pool: 'forks',
  },
});
