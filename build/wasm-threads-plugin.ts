/**
 * Keeps tfjs-backend-wasm's multithreaded build working in `vite build`. Its init() hands
 * each wasm thread (a classic Web Worker) the Emscripten factory as source text,
 * `factory.toString()`, and the thread evaluates that text on its own. Minified into our
 * bundle, the factory refers to names of the bundle outside it (seen: "e is not defined"
 * in every thread). This serves the factory's file as a string, which no minifier touches,
 * and builds the function from it, so its text is the package's own again.
 * The dev server does not minify its pre-bundled deps and needs none of this.
 * (new Function: a host with a Content-Security-Policy must allow 'unsafe-eval'.)
 */
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

const THREADED_FACTORY = /[\\/]@tensorflow[\\/]tfjs-backend-wasm[\\/]wasm-out[\\/]tfjs-backend-wasm-threaded-simd\.js$/;

export function wasmThreadsPlugin(): Plugin {
  return {
    name: 'agon:wasm-threads',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      if (!THREADED_FACTORY.test(id)) return null;
      const source = readFileSync(id, 'utf8');
      // The file declares `var WasmBackendModuleThreadedSimd`; its CommonJS/AMD exports are skipped (no module, exports, define here).
      return `export default new Function(${JSON.stringify(`${source}\nreturn WasmBackendModuleThreadedSimd;`)})();\n`;
    },
  };
}
