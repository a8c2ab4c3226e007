/** TensorFlow.js backends this project knows how to select, best first. */
export type BackendName = 'webgpu' | 'webgl' | 'wasm' | 'cpu';

export const DEFAULT_BACKEND_ORDER: readonly BackendName[] = ['webgpu', 'webgl', 'wasm', 'cpu'];

/** What the WebGPU adapter says about itself (GPUAdapterInfo, trimmed). */
export interface AdapterSummary {
  vendor: string;
  architecture: string;
  description?: string;
  /** The browser's (or Dawn's) isFallbackAdapter: a software adapter it offers when no GPU fits. */
  fallback: boolean;
  /** The CPU emulation behind the adapter (SwiftShader, llvmpipe, ...; see software.ts), absent for a GPU. */
  software?: string;
}

/** What an adapter that reports no vendor, architecture or description (Firefox) is shown as. */
export const ADAPTER_NOT_REPORTED = 'adapter not reported by this browser';

/**
 * One line for logs and reports: "nvidia / hopper (NVIDIA H200), GPU", "mesa / llvmpipe (...),
 * software: llvmpipe, fallback adapter", or "adapter not reported by this browser, fallback adapter".
 */
export function describeAdapter(a: AdapterSummary): string {
  const flag = a.fallback ? ', fallback adapter' : '';
  if (!a.vendor && !a.architecture && !a.description) return `${ADAPTER_NOT_REPORTED}${flag}`;
  const kind = a.software ? `software: ${a.software}` : 'GPU';
  return `${a.vendor || '?'} / ${a.architecture || '?'}${a.description ? ` (${a.description})` : ''}, ${kind}${flag}`;
}

/** One attempt to activate a backend, in the order tried. */
export interface BackendAttempt {
  name: BackendName;
  ok: boolean;
  /** Why it failed, or with `skipped`, why it was passed over. */
  error?: string;
  /** Not used: a CPU emulation of a GPU, slower than wasm (see software.ts), or slower than wasm when timed (speed-probe.ts). */
  skipped?: 'software' | 'probe';
}

export interface BackendInfo {
  /** The backend TensorFlow.js is now using. */
  name: BackendName;
  /** Set when a WebGPU adapter was found (even if webgpu itself then failed). */
  adapter?: AdapterSummary;
  /**
   * Why the first preferred backend was not used, e.g. "webgpu: no navigator.gpu in this
   * environment" or "webgpu: only a software adapter (SwiftShader)". Absent when the first
   * preferred backend is active.
   */
  fallbackReason?: string;
  tried: BackendAttempt[];
  /** What timing WebGPU against wasm found, where the adapter did not say what it is: "webgpu probe 310 ms a step against wasm 40 ms: wasm". */
  probe?: string;
}
