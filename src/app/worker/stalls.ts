/**
 * What a fresh worker does with the attempts that stalled its predecessors (start-watchdog.ts):
 * each is reported as failed, first. wasm is tried once more without threads, since what
 * stalled was its threaded build making its pool of thread workers, and the build without
 * threads makes none; any other backend that stalled, or wasm a second time, is not tried again.
 */
import type { BackendAttempt, BackendName } from '../../core/backend/types';
import { formatSeconds } from '../../core/backend/time-limit';
import type { Stall } from './protocol';

export interface AfterStalls {
  order: BackendName[];
  earlier: BackendAttempt[];
  /** Load tfjs-backend-wasm's build without threads. */
  wasmWithoutThreads: boolean;
}

export function afterStalls(order: readonly BackendName[], stalled: readonly Stall[]): AfterStalls {
  const times = (name: BackendName) => stalled.filter((s) => s.name === name).length;
  const retryWasm = times('wasm') === 1;
  const earlier = stalled.map(({ name, limitMs }): BackendAttempt => {
    const why = `no answer in ${formatSeconds(limitMs)}, the page gave its worker up`;
    return { name, ok: false, error: name === 'wasm' && retryWasm ? `${why}; retried without threads` : why };
  });
  return {
    order: order.filter((name) => times(name) === 0 || (name === 'wasm' && retryWasm)),
    earlier,
    wasmWithoutThreads: retryWasm,
  };
}
