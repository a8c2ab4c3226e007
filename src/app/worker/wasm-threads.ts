/**
 * How many threads the wasm backend computes with, and what decides it. tfjs-backend-wasm
 * loads its multithreaded binary only where SharedArrayBuffer is allowed, i.e. where the
 * scope is cross-origin isolated (COOP + COEP headers, see README "Hosting"). Even then its
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
 * Runs `select` (which may initialise the wasm backend) so that wasm asks for one thread per
 * logical core, the default tfjs documents for setThreadsCount (its pool holds at most 8).
 * The C++ reads the core count once, when the module is instantiated: for that moment this
 * worker's navigator.hardwareConcurrency reads double, so the halving cap lands on the real
 * count; the real value is back as soon as `select` settles. Without isolation wasm runs its
 * single-threaded binary and none of this has an effect.
 */
export async function withWasmThreadPerCore<T>(select: () => Promise<T>, nav: Navigator | WorkerNavigator = self.navigator): Promise<T> {
  const cores = nav.hardwareConcurrency;
  if (!(cores > 1)) return select();
  setThreadsCount(cores);
  Object.defineProperty(nav, 'hardwareConcurrency', { value: 2 * cores, configurable: true });
  try {
    return await select();
  } finally {
    // Drops the own property: the prototype's getter answers again.
    delete (nav as unknown as Record<string, unknown>).hardwareConcurrency;
  }
}
