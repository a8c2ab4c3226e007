/**
 * WebGPU in Node: Dawn's Node binding (the npm package `webgpu`) as navigator.gpu. Node only,
 * never imported by the browser bundle. Import it before any module that loads tfjs:
 * tfjs-backend-webgpu registers its backend at import time, and only where navigator.gpu exists.
 * Dawn options come from DAWN_FLAGS ("key=value;key=value", e.g. "backend=vulkan").
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { BackendInfo } from './types';

interface DawnBinding {
  create(flags: string[]): unknown;
  globals: Record<string, unknown>;
}

export type NodeWebGPU = { installed: true; flags: string[] } | { installed: false; error: string };

/** Exact per-kernel GPU times (`--profile`): browsers round timestamps for privacy, Node need not. */
const DEFAULT_FLAGS = ['disable-dawn-features=timestamp_quantization'];

export const SETUP_HINT =
  'WebGPU in Node needs Dawn (npm package "webgpu", installed by npm ci) and a Vulkan driver: a GPU\'s, ' +
  'or Mesa >= 25 lavapipe without one (scripts/install-lavapipe.sh; see docs/webgpu-in-node.md). ' +
  'VK_DRIVER_FILES=/path/to/icd.json picks a driver.';

function dawnFlags(): string[] {
  const extra = (process.env.DAWN_FLAGS ?? '').split(';').map((s) => s.trim()).filter(Boolean);
  return [...DEFAULT_FLAGS, ...extra];
}

/** dawn.node as the package's own index.js finds it (that file is ESM, which require() cannot load on every Node 20). */
function loadDawn(): DawnBinding {
  const require = createRequire(import.meta.url);
  const root = dirname(require.resolve('webgpu/package.json'));
  const arch = process.platform === 'darwin' ? 'universal' : process.arch;
  return require(join(root, 'dist', `${process.platform}-${arch}`, 'dawn.node')) as DawnBinding;
}

function install(): NodeWebGPU {
  const g = globalThis as { navigator?: { gpu?: unknown } };
  if (g.navigator?.gpu) return { installed: true, flags: [] };
  let dawn: DawnBinding;
  try {
    dawn = loadDawn();
  } catch (err) {
    return { installed: false, error: `Dawn's Node binding could not be loaded: ${err instanceof Error ? err.message : String(err)}` };
  }
  // GPUBufferUsage, GPUMapMode, GPUShaderStage, ...: globals in a browser, and tfjs uses them.
  for (const [k, v] of Object.entries(dawn.globals)) if (!(k in globalThis)) Object.assign(globalThis, { [k]: v });
  // Node 20 has no navigator; Node 21+ has one without gpu.
  if (!g.navigator) Object.defineProperty(globalThis, 'navigator', { value: {}, configurable: true, writable: true });
  const flags = dawnFlags();
  Object.defineProperty(g.navigator, 'gpu', { value: dawn.create(flags), configurable: true, writable: true });
  return { installed: true, flags };
}

export const nodeWebGPU: NodeWebGPU = install();

/** Why webgpu did not start in this Node process, with what to install: for a CLI's error message. */
export function webgpuFailure(info: Pick<BackendInfo, 'tried'> | undefined, error?: unknown): string {
  const attempt = info?.tried.find((t) => t.name === 'webgpu');
  const reason = !nodeWebGPU.installed
    ? nodeWebGPU.error
    : (attempt?.error ?? (error instanceof Error ? error.message : String(error ?? 'failed')));
  return `webgpu is not available here: ${reason}.\n${SETUP_HINT}`;
}
