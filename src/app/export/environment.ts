/** Where a run ran, as seen from the page: for a partial result, which has no environment from the worker yet. */
import type { BackendInfo } from '../../core/backend';
import type { Environment } from '../../core/experiment/result';

export function pageEnvironment(backend: BackendInfo | null): Environment | null {
  if (!backend) return null;
  const adapter = backend.adapter ? [backend.adapter.vendor, backend.adapter.architecture].filter(Boolean).join(' ') : '';
  return {
    backend: backend.name,
    ...(adapter ? { adapter } : {}),
    tfjsVersion: __TFJS_VERSION__,
    appVersion: __APP_VERSION__,
    platform: typeof navigator === 'undefined' ? 'unknown' : navigator.userAgent,
  };
}
