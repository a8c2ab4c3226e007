/**
 * The page's first training worker, started before the app's code has loaded. The worker's script
 * (tfjs and the core) is the page's largest, and it used to start loading only once the app's own
 * bundle had been parsed and run; on a busy machine that put WebKit past 2 s before it was ready.
 * Now main.tsx starts it first, so the two load side by side, and the app takes it over when it
 * starts (client.ts); the worker's events wait in its slot until then.
 */
import { alwaysProbeFromUrl, attemptLimitFromUrl, backendRequestFromUrl, wasmThreadsFromUrl } from './backend-order';
import { quickStart } from './backend-search';
import { WorkerSlot, type InitCommand } from './worker-slot';

export interface WorkerPlan {
  /** What the page's address asks of the backend choice: its order, flags and limit. */
  request: InitCommand;
  /** The worker started: the quick one on wasm where the page searches in the background, else the one the address names. */
  first: WorkerSlot;
  /** Whether `first` is the quick worker, with the search still to start. */
  searches: boolean;
}

let early: { search: string; plan: WorkerPlan } | null = null;

function requestFrom(search: string): InitCommand {
  const limitMs = attemptLimitFromUrl(search);
  return {
    ...backendRequestFromUrl(search),
    wasmThreads: wasmThreadsFromUrl(search),
    alwaysProbe: alwaysProbeFromUrl(search),
    ...(limitMs === undefined ? {} : { limitMs }),
  };
}

function planFor(search: string): WorkerPlan {
  const request = requestFrom(search);
  const quick = quickStart(request);
  if (!quick) return { request, first: new WorkerSlot(request), searches: false };
  return { request, first: new WorkerSlot({ ...request, ...quick, wasmWithoutThreads: true }), searches: true };
}

/** Starts the first worker for the page's address (`location.search`), once. */
export function startFirstWorker(search: string): void {
  early ??= { search, plan: planFor(search) };
}

/** The first worker for this address, handed over once: the one started early, or one started now. */
export function takeFirstWorker(search: string): WorkerPlan {
  const taken = early;
  early = null;
  if (taken?.search === search) return taken.plan;
  taken?.plan.first.terminate();
  return planFor(search);
}
