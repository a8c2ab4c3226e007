/** Always on screen: the backend the worker trains on (with wasm, on how many threads), its GPU adapter, and why it fell back if it did. */
import { ADAPTER_NOT_REPORTED, type AdapterSummary } from '../../core/backend/types';
import { useAppStore } from '../store/app-store';
import type { WorkerBackendInfo } from '../worker/protocol';
import { backendNotice } from './backend-notice';
import { searchNotice } from './backend-search-notice';

function describeAdapter(adapter: AdapterSummary | undefined): string {
  if (!adapter) return 'none';
  const reported = [adapter.vendor, adapter.architecture, adapter.description].filter(Boolean);
  return reported.length > 0 ? reported.join(' · ') : ADAPTER_NOT_REPORTED;
}

/** " · 2 threads"; on one thread where the worker is not cross-origin isolated, says that is why. */
function WasmThreads({ backend }: { backend: WorkerBackendInfo }) {
  const threads = backend.wasmThreads;
  if (backend.name !== 'wasm' || threads === undefined) return null;
  const why = backend.crossOriginIsolated ? '' : ': not cross-origin isolated, so no shared memory for more';
  return (
    <span data-testid="wasm-threads" data-threads={threads} data-isolated={String(backend.crossOriginIsolated)}>
      {` · ${threads} ${threads === 1 ? 'thread' : 'threads'}${why}`}
    </span>
  );
}

/** Why the worker is not on WebGPU: a software GPU passed over, a backend that failed, or a URL that left WebGPU out. */
function Notice({ backend }: { backend: WorkerBackendInfo }) {
  const notice = backendNotice(backend);
  if (!notice) return null;
  return (
    <p className="notice" role="status" data-testid="backend-notice" data-kind={notice.kind}>
      {notice.text}
    </p>
  );
}

/** The background search, while it decides what the page runs on; the backend's own notice waits until it is over. */
function SearchNotice({ backend }: { backend: WorkerBackendInfo }) {
  const search = useAppStore((s) => s.backendSearch);
  const text = searchNotice(search, backend.name);
  if (!text) return <Notice backend={backend} />;
  return (
    <p className="notice" role="status" data-testid="backend-search" data-state={search.state}>
      {text}
    </p>
  );
}

export function StatusBar() {
  const status = useAppStore((s) => s.backendStatus);
  const backend = useAppStore((s) => s.backend);
  const error = useAppStore((s) => s.backendError);
  const search = useAppStore((s) => s.backendSearch.state);
  return (
    <div className="status-bar" data-testid="status-bar" data-state={status} data-search={search}>
      <span>
        Training in a worker on{' '}
        <strong data-testid="backend-name">{status === 'pending' ? 'selecting…' : (backend?.name ?? 'unavailable')}</strong>
        {status === 'ready' && backend && <WasmThreads backend={backend} />}
      </span>
      <span>
        GPU adapter: <strong data-testid="gpu-adapter">{status === 'pending' ? '…' : describeAdapter(backend?.adapter)}</strong>
      </span>
      {status === 'error' && (
        <p className="notice notice-error" role="alert" data-testid="backend-notice">
          No TensorFlow.js backend could start: {error}
        </p>
      )}
      {status === 'ready' && backend && <SearchNotice backend={backend} />}
    </div>
  );
}
