// For vitest files that run on WebGPU in Node (Dawn over a GPU's Vulkan driver or lavapipe, see
// docs/webgpu-in-node.md): starts the webgpu backend once, or says why there is none. Without an
// adapter such tests skip with a warning, except in CI (CI set), where the missing adapter is a
// failure.
// First import: navigator.gpu must exist before tfjs-backend-webgpu loads.
import { nodeWebGPU, SETUP_HINT } from '../../backend/node-webgpu';
import { it } from 'vitest';
import { describeAdapter, selectBackend } from '../../backend';

async function startWebGPU(): Promise<{ adapter: string } | { missing: string }> {
  if (!nodeWebGPU.installed) return { missing: nodeWebGPU.error };
  try {
    const info = await selectBackend(['webgpu']);
    return { adapter: info.adapter ? describeAdapter(info.adapter) : 'unknown adapter' };
  } catch (err) {
    return { missing: err instanceof Error ? err.message : String(err) };
  }
}

/**
 * Starts webgpu; `missing` is why it did not start (null when it did), `adapter` names it. Call
 * at a test file's top level: in CI a missing adapter registers a failing test.
 */
export async function nodeAdapter(file: string): Promise<{ missing: string | null; adapter: string }> {
  const started = await startWebGPU();
  const missing = 'missing' in started ? `no WebGPU in this Node (${started.missing}). ${SETUP_HINT}` : null;
  if (missing && !process.env.CI) console.warn(`${file} skipped: ${missing}`);
  if (missing && process.env.CI) {
    it(`finds a WebGPU adapter (CI needs one for ${file})`, () => {
      throw new Error(missing);
    });
  }
  return { missing, adapter: 'adapter' in started ? started.adapter : 'no adapter' };
}
