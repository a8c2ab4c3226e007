/**
 * After the GPU device is lost mid-run: which backends to try next, and what to tell the
 * user. Pure (the worker does the switching; see src/app/worker/experiment.worker.ts).
 */
import { DEFAULT_BACKEND_ORDER, type BackendName } from './types';

/** What GPUDevice.lost resolved with (GPUDeviceLostInfo, as plain data). */
export interface DeviceLoss {
  /** 'destroyed' (device.destroy() was called) or 'unknown' (driver reset, GPU removed, ...). */
  reason: string;
  message: string;
}

export class DeviceLostError extends Error {
  constructor(readonly loss: DeviceLoss) {
    super(`the WebGPU device was lost (${loss.reason}${loss.message ? `: ${loss.message}` : ''})`);
    this.name = 'DeviceLostError';
  }
}

/**
 * The backends to continue on after `lost` stopped working: the rest of the order the
 * user asked for, tried as asked (`forced`); when nothing of it is left (e.g. the URL said
 * `?backends=webgpu`), the default order after the lost backend, where a GPU backend that
 * is a CPU emulation is passed over (the user did not name it). Never the lost backend,
 * and never webgpu again in this worker: its device is gone.
 */
export function backendsAfterLoss(requested: readonly BackendName[], lost: BackendName, forced: boolean): { order: BackendName[]; forced: boolean } {
  const usable = (name: BackendName) => name !== lost && name !== 'webgpu';
  const rest = requested.slice(requested.indexOf(lost) + 1).filter(usable);
  if (rest.length > 0) return { order: rest, forced };
  const defaults = DEFAULT_BACKEND_ORDER.slice(DEFAULT_BACKEND_ORDER.indexOf(lost) + 1).filter(usable);
  return { order: defaults, forced: false };
}

/**
 * "WebGPU device lost after step 3 (destroyed: …); continued on wasm from step 2, the last
 * saved checkpoint. Steps after the switch are not bit-identical to an uninterrupted run."
 * `fromStep` is null when no arm had a saved state yet (they start over).
 */
export function deviceLossMessage(loss: DeviceLoss, stepsDone: number, backend: BackendName, fromStep: number | null): string {
  const why = loss.message ? `${loss.reason}: ${loss.message}` : loss.reason;
  const from = fromStep === null || fromStep === 0 ? 'from the start (no checkpoint saved yet)' : `from step ${fromStep}, its last saved checkpoint`;
  return `WebGPU device lost after step ${stepsDone} (${why}); continued on ${backend} ${from}. Nothing already measured is lost; the steps after the switch are not bit-identical to an uninterrupted run of this seed.`;
}
