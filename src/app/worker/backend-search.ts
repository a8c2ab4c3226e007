/**
 * The page is ready at once and looks for a faster backend in the background. Selecting a
 * backend can take seconds (a speed probe times WebGPU against wasm; a threaded wasm start can
 * stall in Firefox), so with no `?backends=` two workers start: a quick one on wasm without
 * threads, the one start that waits on neither a GPU nor a thread pool, and a searching one that
 * runs the whole selection. The searching worker takes over as soon as no run holds the quick
 * one: at once when idle, else when that run ends. A URL that names its backends gets one
 * worker and exactly what it named.
 */
import type { BackendName } from '../../core/backend/types';
import type { BackendRequest } from './backend-order';
import type { WorkerBackendInfo } from './protocol';

export type BackendSearch =
  /** One worker, no search: the URL named the backends. */
  | { state: 'none' }
  /** The quick worker trains; the search tries `order`. */
  | { state: 'searching'; order: BackendName[] }
  /** The search's backend is ready and takes over when the run on the quick worker ends. */
  | { state: 'found'; info: WorkerBackendInfo }
  /** The searching worker took over: the header's backend is its choice. */
  | { state: 'adopted' }
  /** The search found no backend; the quick worker stays. */
  | { state: 'failed'; message: string };

/** The quick worker's request where the page may start at once (no `?backends=`), else null. */
export function quickStart(request: BackendRequest): BackendRequest | null {
  return request.forced || !request.order.includes('wasm') ? null : { order: ['wasm'], forced: true };
}

/** The backends the search tries before it would settle on wasm, as the header names them. */
export function searchedFirst(order: readonly BackendName[]): BackendName[] {
  const wasm = order.indexOf('wasm');
  return wasm < 0 ? [...order] : order.slice(0, wasm);
}
