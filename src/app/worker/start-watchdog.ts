/**
 * The time limit of the worker's backend start, kept from the page. The worker limits each
 * attempt itself, but a start can block the worker's thread outright, so that no timer of its
 * own ever fires: Firefox was seen stuck inside `new Worker()` while tfjs-backend-wasm's
 * threaded build made its pool of thread workers. The worker announces each attempt with its
 * limit; if neither the next announcement nor the result comes within that limit and a grace
 * period, the page gives the worker up (see client.ts).
 */
import type { BackendName } from '../../core/backend/types';

/** On top of the worker's own limit: it gets the first chance to report a timeout itself. */
export const STALL_GRACE_MS = 2_000;

export interface Timers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const realTimers: Timers = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export class StartWatchdog {
  private handle: unknown = null;

  constructor(
    private readonly onStall: (name: BackendName, limitMs: number) => void,
    private readonly timers: Timers = realTimers,
  ) {}

  /** The worker began an attempt of `name` with this limit: the clock starts again. */
  attempt(name: BackendName, limitMs: number): void {
    this.settled();
    this.handle = this.timers.set(() => {
      this.handle = null;
      this.onStall(name, limitMs);
    }, limitMs + STALL_GRACE_MS);
  }

  /** The worker answered (a backend, or an error): nothing more to watch. */
  settled(): void {
    if (this.handle !== null) this.timers.clear(this.handle);
    this.handle = null;
  }
}
