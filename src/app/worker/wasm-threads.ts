/**
 * How many threads the wasm backend computes with, and what decides it. tfjs-backend-wasm
 * loads its multithreaded binary only where SharedArrayBuffer is allowed, i.e. where the
 * scope is cross-origin isolated (COOP + COEP headers, see docs/playground.md, "Hosting"). Even then its
 * C++ caps the thread pool at half of navigator.hardwareConcurrency (it assumes two hardware
 * threads per core), which leaves one thread on a 2-core machine, and setThreadsCount()
 * cannot go past that cap.
 */
import { getThreadsCount, setThreadsCount } from '@tensorflow/tfjs-backend-wasm';
import type { BackendName } from '../../core/backend';

export interface Threading {
  /** `crossOriginIsolated` of the scope the backend runs in (the training worker). */
  crossOriginIsolated: boolean;
  /** Threads the wasm backend uses (XNNPACK's pool, the calling thread included); set when wasm is the backend. */
  wasmThreads?: number;
}

/** Call after the backend is selected: getThreadsCount() is known only once wasm has initialised. */
export function threadingOf(backend: BackendName, scope: { crossOriginIsolated?: boolean } = globalThis): Threading {
  const threading: Threading = { crossOriginIsolated: scope.crossOriginIsolated === true };
  if (backend === 'wasm') threading.wasmThreads = getThreadsCount();
  return threading;
}

/**
 * Runs `select` (which may initialise the wasm backend) so that wasm uses `threads` threads,
 * or tfjs's own count (half the logical cores, at most 8) when undefined. Why not more by
 * default: on this project's 2-core machine two threads made a training step 2.4x and
 * sampling ~10x slower than one (docs/benchmarks.md). The C++ caps the count at half of
 * navigator.hardwareConcurrency, read once when the module is instantiated, and
 * setThreadsCount() cannot pass that cap: for that moment this worker's
 * hardwareConcurrency reads as 2 * threads; the real value is back as soon as `select` settles.
 */
export async function withWasmThreads<T>(threads: number | undefined, select: () => Promise<T>, nav: Navigator | WorkerNavigator = self.navigator): Promise<T> {
  if (threads === undefined) return select();
  setThreadsCount(threads);
  Object.defineProperty(nav, 'hardwareConcurrency', { value: 2 * threads, configurable: true });
  try {
    return await select();
  } finally {
    // Drops the own property: the prototype's getter answers again.
    delete (nav as unknown as Record<string, unknown>).hardwareConcurrency;
  }
}
