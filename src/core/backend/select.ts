import * as tf from '@tensorflow/tfjs';
// Side-effect imports: register the 'webgpu' (only where navigator.gpu exists) and 'wasm'
// backends with the TensorFlow.js engine. '@tensorflow/tfjs' itself registers webgl and cpu.
import '@tensorflow/tfjs-backend-webgpu';
import '@tensorflow/tfjs-backend-wasm';

import { registerFusedKernels } from '../webgpu';
import { softwareSkip, type RendererProbe } from './software';
import { DEFAULT_BACKEND_ORDER } from './types';
import type { AdapterSummary, BackendAttempt, BackendInfo, BackendName } from './types';
import { probeWebGL } from './webgl-probe';
import { errorMessage, probeWebGPU, type WebGPUProbe } from './webgpu-probe';

/** The priorities TensorFlow.js registers these backends with. */
const TF_PRIORITY: Record<BackendName, number> = { webgpu: 3, webgl: 2, wasm: 2, cpu: 1 };

/** Errors thrown by backend factories, keyed by backend name (see captureInitErrors). */
const initErrors = new Map<BackendName, unknown>();
const wrapped = new Set<BackendName>();

/**
 * tf.setBackend() only logs a failed initialisation and returns false. To report *why*
 * a backend failed, re-register its factory (before first use) with a wrapper that keeps
 * the error. Public tfjs API only: engine().registry, findBackendFactory, remove/registerBackend.
 * Not tf.findBackend(): it starts initialising an async backend (wasm, webgpu), which the
 * re-registration then started a second time (two wasm modules, twice the wasm threads).
 */
function captureInitErrors(name: BackendName): void {
  if (wrapped.has(name) || name in tf.engine().registry) return;
  const factory = tf.findBackendFactory(name);
  if (!factory) return;
  tf.removeBackend(name);
  tf.registerBackend(
    name,
    async () => {
      try {
        return await factory();
      } catch (err) {
        initErrors.set(name, err);
        throw err;
      }
    },
    TF_PRIORITY[name],
  );
  wrapped.add(name);
}

/** Runs one tiny op and reads it back: catches backends that initialise but cannot compute. */
async function sanityCheck(): Promise<void> {
  const t = tf.tidy(() => tf.add(tf.scalar(1), tf.scalar(2)));
  try {
    const [v] = await t.data();
    if (v !== 3) throw new Error(`sanity check computed 1 + 2 = ${String(v)}`);
  } finally {
    t.dispose();
  }
}

async function tryBackend(name: BackendName): Promise<BackendAttempt> {
  if (!tf.findBackendFactory(name)) {
    return { name, ok: false, error: 'backend not registered in this environment' };
  }
  captureInitErrors(name);
  initErrors.delete(name);
  let ok: boolean;
  try {
    ok = await tf.setBackend(name);
  } catch (err) {
    return { name, ok: false, error: errorMessage(err) };
  }
  if (!ok) {
    const err = initErrors.get(name);
    return { name, ok: false, error: err === undefined ? 'initialisation failed' : errorMessage(err) };
  }
  try {
    await sanityCheck();
  } catch (err) {
    return { name, ok: false, error: errorMessage(err) };
  }
  return { name, ok: true };
}

export interface SelectOptions {
  /**
   * Pass over a WebGPU adapter or WebGL renderer that is a CPU emulation (SwiftShader), as
   * slower than wasm. Off by default: a caller that names backends (the CLI, the bench page,
   * `?backends=`) gets what it named.
   */
  avoidSoftware?: boolean;
  /** The probes, replaceable in tests. */
  probeWebGPU?: () => Promise<WebGPUProbe>;
  probeWebGL?: () => RendererProbe | undefined;
}

/** Probes a GPU backend (WebGL only when software is to be avoided) and tries it unless it is software; with the WebGPU adapter found. */
async function tryGpuBackend(name: 'webgpu' | 'webgl', options: SelectOptions): Promise<{ attempt: BackendAttempt; adapter?: AdapterSummary }> {
  const forced = !options.avoidSoftware;
  let probe: RendererProbe | undefined;
  let adapter: AdapterSummary | undefined;
  if (name === 'webgpu') {
    const found = await (options.probeWebGPU ?? probeWebGPU)();
    if (!found.ok) return { attempt: { name, ok: false, error: found.reason } };
    ({ adapter } = found);
    probe = found;
  } else if (!forced) {
    probe = (options.probeWebGL ?? probeWebGL)();
  }
  const skip = softwareSkip(name, probe, forced);
  const attempt: BackendAttempt = skip ? { name, ok: false, error: skip, skipped: 'software' } : await tryBackend(name);
  return adapter ? { attempt, adapter } : { attempt };
}

/**
 * Activates the first backend in `preferred` that works here (default: webgpu, webgl,
 * wasm, cpu) and says which one it is, what the GPU adapter is, and why earlier choices
 * were skipped. Works on the main thread, in a Web Worker and in Node. In the browser,
 * configure wasm file locations (setWasmPaths) before calling it.
 */
export async function selectBackend(
  preferred: readonly BackendName[] = DEFAULT_BACKEND_ORDER,
  options: SelectOptions = {},
): Promise<BackendInfo> {
  if (preferred.length === 0) throw new Error('selectBackend: no backends to try');
  const tried: BackendAttempt[] = [];
  let adapter: AdapterSummary | undefined;

  for (const name of preferred) {
    let attempt: BackendAttempt;
    if (name === 'webgpu' || name === 'webgl') {
      const gpu = await tryGpuBackend(name, options);
      attempt = gpu.attempt;
      adapter = gpu.adapter ?? adapter;
    } else {
      attempt = await tryBackend(name);
    }
    tried.push(attempt);
    if (attempt.ok) {
      // The model's fused WGSL kernels; the other backends keep the plain tfjs ops.
      if (name === 'webgpu') registerFusedKernels();
      const info: BackendInfo = { name, tried };
      if (adapter) info.adapter = adapter;
      const skipped = tried.filter((t) => !t.ok);
      if (skipped.length > 0) {
        info.fallbackReason = skipped.map((t) => `${t.name}: ${t.error ?? 'failed'}`).join('; ');
      }
      return info;
    }
  }
  const detail = tried.map((t) => `${t.name}: ${t.error ?? 'failed'}`).join('; ');
  throw new Error(`No TensorFlow.js backend could be initialised (${detail})`);
}
