import { DEFAULT_BACKEND_ORDER, selectBackend } from '../core/backend';
import type { BackendName } from '../core/backend';
import { useAppStore } from './store';
import { configureWasmPaths } from './wasmPaths';

/**
 * Backend order from the page URL, e.g. `?backends=wasm,cpu` (unknown names are ignored);
 * the default order otherwise.
 */
export function backendOrderFromUrl(search: string): BackendName[] {
  const raw = new URLSearchParams(search).get('backends');
  const known = new Set<string>(DEFAULT_BACKEND_ORDER);
  const names = (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s): s is BackendName => known.has(s));
  return names.length > 0 ? names : [...DEFAULT_BACKEND_ORDER];
}

/** Selects the TensorFlow.js backend on the main thread and records the result. */
export async function startBackend(order: BackendName[]): Promise<void> {
  const { setBackendReady, setBackendError } = useAppStore.getState();
  try {
    configureWasmPaths();
    setBackendReady(await selectBackend(order));
  } catch (err) {
    setBackendError(err instanceof Error ? err.message : String(err));
  }
}
