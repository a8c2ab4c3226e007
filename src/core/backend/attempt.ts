/**
 * One try of one backend, under a time limit. A backend that fails or does not answer in
 * time is disposed of before the next one starts, so it leaves neither a half-made instance
 * nor a pending initialisation that could later settle over the next backend.
 */
import type { BackendAttempt, BackendName } from './types';
import { formatSeconds, withinLimit } from './time-limit';
import { errorMessage } from './webgpu-probe';

/** Starting and removing backends: TensorFlow.js in the app (tf-host.ts), fakes in the tests. */
export interface BackendHost {
  /** Activates `name` and checks that it computes: null when it works, else why not. */
  start(name: BackendName): Promise<string | null>;
  /** Removes all `name` holds or is still making, and leaves it ready to be tried afresh. */
  dispose(name: BackendName): void;
}

/** The default time limit of one attempt (a few seconds: wasm starts in under one, WebGPU on a software adapter in about two). */
export const DEFAULT_ATTEMPT_LIMIT_MS = 8_000;

export async function attemptBackend(name: BackendName, host: BackendHost, limitMs: number): Promise<BackendAttempt> {
  const outcome = await withinLimit(
    host.start(name).catch((err: unknown) => errorMessage(err)),
    limitMs,
  );
  if (outcome.kind === 'done' && outcome.value === null) return { name, ok: true };
  host.dispose(name);
  const error = outcome.kind === 'timeout' ? `no answer in ${formatSeconds(limitMs)}` : outcome.value;
  return { name, ok: false, error: error ?? 'failed' };
}
