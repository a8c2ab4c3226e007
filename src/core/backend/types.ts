/** TensorFlow.js backends this project knows how to select, best first. */
export type BackendName = 'webgpu' | 'webgl' | 'wasm' | 'cpu';

export const DEFAULT_BACKEND_ORDER: readonly BackendName[] = ['webgpu', 'webgl', 'wasm', 'cpu'];

/** What the WebGPU adapter says about itself (GPUAdapterInfo, trimmed). */
export interface AdapterSummary {
  vendor: string;
  architecture: string;
  description?: string;
}

/** One attempt to activate a backend, in the order tried. */
export interface BackendAttempt {
  name: BackendName;
  ok: boolean;
  /** Why it failed, or with `skipped`, why it was passed over. */
  error?: string;
  /** Not tried: a CPU emulation of a GPU, slower than wasm (see software.ts). */
  skipped?: 'software';
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
}
