/** The header's sentence about the backend: why it is not WebGPU, when it is not. */
import type { BackendAttempt, BackendInfo, BackendName } from '../../core/backend/types';

const LABELS: Record<BackendName, string> = { webgpu: 'WebGPU', webgl: 'WebGL', wasm: 'wasm', cpu: 'cpu' };

export interface BackendNotice {
  /** software: GPU backends passed over as CPU emulations; fallback: one failed; not-requested: the URL left WebGPU out; device-lost: WebGPU's device was lost mid-run. */
  kind: 'software' | 'fallback' | 'not-requested' | 'device-lost';
  text: string;
}

/** "WebGPU skipped: only a software adapter (SwiftShader), slower than wasm here; ?backends=webgpu forces it" */
function skipNote(attempt: BackendAttempt): string {
  return `${LABELS[attempt.name]} skipped: ${attempt.error ?? 'software'}, slower than wasm here; ?backends=${attempt.name} forces it`;
}

/** What to say about `info`, or null when training on WebGPU; `deviceLost`: why this backend took over mid-run. */
export function backendNotice(info: BackendInfo & { deviceLost?: string }): BackendNotice | null {
  if (info.deviceLost) return { kind: 'device-lost', text: info.deviceLost };
  if (info.name === 'webgpu') return null;
  const skipped = info.tried.filter((t) => t.skipped).map(skipNote);
  const failed = info.tried.filter((t) => !t.ok && !t.skipped).map((t) => `${t.name}: ${t.error ?? 'failed'}`);
  const sentences = (parts: string[]) => parts.map((p) => `${p}.`).join(' ');
  if (failed.length > 0) {
    return { kind: 'fallback', text: sentences([`Not using WebGPU, training on ${info.name} (slower) because ${failed.join('; ')}`, ...skipped]) };
  }
  if (skipped.length > 0) return { kind: 'software', text: sentences(skipped) };
  return { kind: 'not-requested', text: `Not using WebGPU, training on ${info.name} (slower) (WebGPU was not requested).` };
}
