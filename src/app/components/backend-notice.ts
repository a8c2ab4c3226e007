/** The header's sentence about the backend: why it is not WebGPU, when it is not, and what timing decided, where it did. */
import type { BackendAttempt, BackendInfo, BackendName } from '../../core/backend/types';

const LABELS: Record<BackendName, string> = { webgpu: 'WebGPU', webgl: 'WebGL', wasm: 'wasm', cpu: 'cpu' };

export interface BackendNotice {
  /**
   * software: GPU backends passed over as CPU emulations; probe: WebGPU timed against wasm decided;
   * fallback: one failed; not-requested: the URL left WebGPU out; device-lost: WebGPU's device was lost mid-run.
   */
  kind: 'software' | 'probe' | 'fallback' | 'not-requested' | 'device-lost';
  text: string;
}

/** "WebGPU skipped: only a software adapter (SwiftShader), slower than wasm here; ?backends=webgpu forces it" */
function skipNote(attempt: BackendAttempt): string {
  return `${LABELS[attempt.name]} skipped: ${attempt.error ?? 'software'}, slower than wasm here; ?backends=${attempt.name} forces it`;
}

const failure = (t: BackendAttempt) => `${t.name}: ${t.error ?? 'failed'}`;
const sentences = (parts: string[]) => parts.map((p) => `${p}.`).join(' ');

/** Timing decided: which won, the figures, and what else failed on the way. */
function probeNotice(info: BackendInfo, probe: string): BackendNotice {
  const failed = info.tried.filter((t) => !t.ok && !t.skipped).map(failure);
  const also = failed.length > 0 ? [`Also not used: ${failed.join('; ')}`] : [];
  const chosen = info.name === 'webgpu' ? 'Training on WebGPU, timed faster than wasm here' : `Training on ${info.name}, WebGPU timed slower than wasm here`;
  const force = info.name === 'webgpu' ? [] : ['?backends=webgpu forces WebGPU'];
  return { kind: 'probe', text: sentences([`${chosen} (${probe})`, ...force, ...also]) };
}

/** What to say about `info`, or null when training on WebGPU as first choice; `deviceLost`: why this backend took over mid-run. */
export function backendNotice(info: BackendInfo & { deviceLost?: string }): BackendNotice | null {
  if (info.deviceLost) return { kind: 'device-lost', text: info.deviceLost };
  if (info.probe) return probeNotice(info, info.probe);
  if (info.name === 'webgpu') return null;
  const skipped = info.tried.filter((t) => t.skipped).map(skipNote);
  const failed = info.tried.filter((t) => !t.ok && !t.skipped).map(failure);
  if (failed.length > 0) {
    return { kind: 'fallback', text: sentences([`Not using WebGPU, training on ${info.name} (slower) because ${failed.join('; ')}`, ...skipped]) };
  }
  if (skipped.length > 0) return { kind: 'software', text: sentences(skipped) };
  return { kind: 'not-requested', text: `Not using WebGPU, training on ${info.name} (slower) (WebGPU was not requested).` };
}
