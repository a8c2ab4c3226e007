// From types.ts, not the backend index: the index registers the tfjs backends, which the page must not load.
import { DEFAULT_BACKEND_ORDER, type BackendName } from '../../core/backend/types';

/** The backends to try, in order; `forced` when the URL named them, so none is passed over as software. */
export interface BackendRequest {
  order: BackendName[];
  forced: boolean;
}

/**
 * Backend order from the page URL, e.g. `?backends=wasm,cpu` (unknown names are ignored),
 * tried as named; the default order (webgpu, webgl, wasm, cpu) otherwise, where a GPU
 * backend that is a CPU emulation is passed over for wasm.
 */
export function backendRequestFromUrl(search: string): BackendRequest {
  const raw = new URLSearchParams(search).get('backends');
  const known = new Set<string>(DEFAULT_BACKEND_ORDER);
  const names = (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s): s is BackendName => known.has(s));
  return names.length > 0 ? { order: names, forced: true } : { order: [...DEFAULT_BACKEND_ORDER], forced: false };
}

/**
 * wasm thread count asked for in the page URL (`?threads=N`, 1-8), or undefined for tfjs's
 * own choice (half the logical cores). A value out of range is ignored, like an unknown backend.
 */
export function wasmThreadsFromUrl(search: string): number | undefined {
  const raw = new URLSearchParams(search).get('threads');
  const n = Number(raw);
  return raw !== null && Number.isInteger(n) && n >= 1 && n <= 8 ? n : undefined;
}

/**
 * `?probe`: time WebGPU against wasm even where the adapter names itself (by default only
 * where it does not, see core/backend/speed-probe.ts); no effect with `?backends=`.
 */
export function alwaysProbeFromUrl(search: string): boolean {
  return new URLSearchParams(search).has('probe');
}

/** `?attempt-limit=S`: the time limit of each backend attempt in seconds (0.5-120), or undefined for the default. */
export function attemptLimitFromUrl(search: string): number | undefined {
  const raw = new URLSearchParams(search).get('attempt-limit');
  const s = Number(raw);
  return raw !== null && raw !== '' && s >= 0.5 && s <= 120 ? s * 1000 : undefined;
}
