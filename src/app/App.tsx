import type { AdapterSummary } from '../core/backend';
import { useAppStore } from './store';

function describeAdapter(adapter: AdapterSummary | undefined): string {
  if (!adapter) return 'none';
  const parts = [adapter.vendor, adapter.architecture, adapter.description].filter(Boolean);
  return parts.join(' · ');
}

function StatusBar() {
  const status = useAppStore((s) => s.backendStatus);
  const backend = useAppStore((s) => s.backend);
  const error = useAppStore((s) => s.backendError);

  return (
    <footer className="status-bar" data-testid="status-bar" data-state={status}>
      <span>
        Backend:{' '}
        <strong data-testid="backend-name">
          {status === 'pending' ? 'selecting…' : (backend?.name ?? 'unavailable')}
        </strong>
      </span>
      <span>
        GPU adapter: <strong data-testid="gpu-adapter">{status === 'pending' ? '…' : describeAdapter(backend?.adapter)}</strong>
      </span>
      {status === 'error' && (
        <p className="notice notice-error" role="alert" data-testid="backend-notice">
          No TensorFlow.js backend could start: {error}
        </p>
      )}
      {status === 'ready' && backend && backend.name !== 'webgpu' && (
        <p className="notice" role="status" data-testid="backend-notice">
          Not using WebGPU, running on {backend.name}
          {backend.fallbackReason ? ` because ${backend.fallbackReason}` : ' (WebGPU was not requested)'}.
        </p>
      )}
    </footer>
  );
}

export function App() {
  return (
    <div className="app">
      <header className="app-header">
        <h1>Agon Playground</h1>
        <p className="tagline">Train small transformers in this tab and watch them compete.</p>
      </header>
      <main className="app-main" />
      <StatusBar />
    </div>
  );
}
