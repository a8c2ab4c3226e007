/** Kernel launches of a piece of work, counted with tf.profile: per kernel name, calls and time. */
import * as tf from '@tensorflow/tfjs';
import { onMultiOutputDispatch } from '../webgpu/program';

export interface KernelProfile {
  kernels: number;
  /**
   * GPU dispatches on webgpu (NaN elsewhere): a fused kernel may dispatch several programs,
   * and some tfjs kernels (Reshape, Identity) none, so this is the launch count that costs.
   */
  dispatches: number;
  byName: Record<string, { calls: number; ms: number }>;
}

type ProgramRunner = { runWebGPUProgram?: (...args: unknown[]) => unknown };

/** Counts webgpu program launches until the returned stop() (which gives the count). */
function countDispatches(): () => number {
  const backend = tf.backend() as unknown as ProgramRunner;
  const original = backend.runWebGPUProgram;
  if (tf.getBackend() !== 'webgpu' || !original) return () => NaN;
  let count = 0;
  // An own property shadows the prototype's method while profiling; deleting it restores it.
  backend.runWebGPUProgram = function (this: unknown, ...args: unknown[]) {
    count++;
    return original.apply(this, args);
  };
  // The fused kernels' dispatches with several outputs go around runWebGPUProgram.
  const unsubscribe = onMultiOutputDispatch(() => count++);
  return () => {
    delete backend.runWebGPUProgram;
    unsubscribe();
    return count;
  };
}

/**
 * Kernels the work launches. tf.profile also lists tfjs's own op wrappers (custom
 * gradients, fused ops) as entries that contain kernels listed beside them; only
 * entries registered as kernels of the backend count.
 */
export async function profileKernels(work: () => Promise<unknown>): Promise<KernelProfile> {
  const backend = tf.getBackend();
  const stop = countDispatches();
  let dispatches = NaN;
  const info = await tf
    .profile(async () => {
      await work();
    })
    .finally(() => (dispatches = stop()));
  const byName: KernelProfile['byName'] = {};
  let kernels = 0;
  for (const k of info.kernels) {
    if (!tf.getKernel(k.name, backend)) continue;
    kernels++;
    const entry = (byName[k.name] ??= { calls: 0, ms: 0 });
    entry.calls++;
    entry.ms += typeof k.kernelTimeMs === 'number' ? k.kernelTimeMs : 0;
  }
  return { kernels, dispatches, byName };
}

/** What `later` launches beyond `earlier`, divided by `per` (e.g. tokens). */
export function perUnit(later: KernelProfile, earlier: KernelProfile, per: number): KernelProfile {
  const byName: KernelProfile['byName'] = {};
  for (const [name, { calls, ms }] of Object.entries(later.byName)) {
    const before = earlier.byName[name] ?? { calls: 0, ms: 0 };
    if (calls > before.calls) byName[name] = { calls: (calls - before.calls) / per, ms: Math.max(0, ms - before.ms) / per };
  }
  return { kernels: (later.kernels - earlier.kernels) / per, dispatches: (later.dispatches - earlier.dispatches) / per, byName };
}

export function profileTable(title: string, profile: KernelProfile): string {
  const rows = Object.entries(profile.byName).sort((a, b) => b[1].ms - a[1].ms);
  const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));
  return [
    `${title}: ${fmt(profile.kernels)} kernels${Number.isNaN(profile.dispatches) ? '' : `, ${fmt(profile.dispatches)} GPU dispatches`}`,
    '| kernel | calls | ms |',
    '|---|---:|---:|',
    ...rows.map(([name, r]) => `| ${name} | ${fmt(r.calls)} | ${r.ms.toFixed(2)} |`),
  ].join('\n');
}
