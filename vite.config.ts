import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import pkg from './package.json' with { type: 'json' };
import { wasmThreadsPlugin } from './build/wasm-threads-plugin.ts';

// Cross-origin isolation (crossOriginIsolated === true) lets tfjs-backend-wasm use its
// multithreaded binary (SharedArrayBuffer). The same two headers are set by
// scripts/serve-static.mjs, and by public/isolation-sw.js where a host cannot set headers.
const isolationHeaders = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

// base './' keeps every asset (checkpoints, worker, wasm) relative to the page,
// so the build works from any static host, also under a sub-path.
export default defineConfig({
  base: './',
  plugins: [react()],
  define: { __APP_VERSION__: JSON.stringify(pkg.version), __TFJS_VERSION__: JSON.stringify(pkg.dependencies['@tensorflow/tfjs']) },
  // The wasm backend runs in the training worker, whose bundle has its own plugin list.
  worker: { format: 'es', plugins: () => [wasmThreadsPlugin()] },
  server: { headers: isolationHeaders },
  preview: { headers: isolationHeaders },
  // Listed up front so the dev server does not discover them mid-session (the training
  // worker loads tfjs late) and reload the page under a running test.
  optimizeDeps: {
    include: ['chart.js', '@tensorflow/tfjs', '@tensorflow/tfjs-backend-webgpu', '@tensorflow/tfjs-backend-wasm', 'zod', 'zustand', 'idb'],
  },
});
