/**
 * What a piece of WebGPU work costs the host, apart from the GPU's own time: the JavaScript spent
 * encoding and submitting, and the WebGPU objects and calls it makes (buffers, bind groups,
 * uniform writes, submits, read-backs). On a real GPU a small model's training step is bound by
 * this per-dispatch overhead, so it is what a recorded step has to remove.
 *
 * Counting wraps methods of tfjs's device, its queue, and the GPUBuffer and compute-pass
 * prototypes, and times each webgpu kernel, only between start and stop: the production
 * paths run unwrapped. Counts are deterministic; the time is a measurement.
 */
import * as tf from '@tensorflow/tfjs';
import type { WebGPUBackend } from '@tensorflow/tfjs-backend-webgpu';

export interface OverheadCounts {
  /**
   * ms of JavaScript inside the webgpu kernels (tensor allocation, uploads, uniforms, bind
   * groups, encoding, the submits they trigger) and inside GPU calls made outside a kernel (a
   * read-back's copy and submit): the synchronous work, never a wait for the GPU.
   */
  hostMs: number;
  dispatches: number;
  /** device.createBuffer calls, uniform buffers among them. */
  buffersCreated: number;
  uniformBuffersCreated: number;
  /** queue.writeBuffer into a uniform buffer. */
  uniformWrites: number;
  /** Host data into other buffers: writeBuffer, or a buffer created mapped (tfjs's staging upload). */
  uploads: number;
  bindGroups: number;
  submits: number;
  /** mapAsync for reading: each one a GPU sync. */
  readBacks: number;
}

export const NO_OVERHEAD: OverheadCounts = {
  hostMs: 0, dispatches: 0, buffersCreated: 0, uniformBuffersCreated: 0, uniformWrites: 0, uploads: 0, bindGroups: 0, submits: 0, readBacks: 0,
};

type Method = (...args: never[]) => unknown;
type Patchable = Record<string, Method>;

/** Replaces obj[name] with wrap(original); returns the undo (which leaves the prototype's method visible again where obj had none of its own). */
function patch(obj: object, name: string, wrap: (original: Method) => Method): () => void {
  const target = obj as Patchable;
  const own = Object.prototype.hasOwnProperty.call(target, name);
  const original = target[name]!;
  target[name] = wrap(original);
  return () => {
    if (own) target[name] = original;
    else delete target[name];
  };
}

/** Timer for the outermost of nested timed calls (a kernel's submit is inside the kernel's time). */
function outermostTimer(counts: OverheadCounts) {
  let depth = 0;
  return <A extends unknown[], R>(fn: (this: unknown, ...args: A) => R) =>
    function (this: unknown, ...args: A): R {
      if (depth > 0) return fn.apply(this, args);
      depth++;
      const start = performance.now();
      try {
        return fn.apply(this, args);
      } finally {
        counts.hostMs += performance.now() - start;
        depth--;
      }
    };
}

const isUniform = (usage: number) => (usage & GPUBufferUsage.UNIFORM) !== 0;

/**
 * Starts counting the overhead of the current webgpu backend; stop() uninstalls every wrapper
 * and gives the counts. One counter at a time.
 */
export function startOverheadCounters(): () => OverheadCounts {
  if (tf.getBackend() !== 'webgpu') throw new Error(`overhead counters need the webgpu backend, not ${tf.getBackend()}`);
  const backend = tf.backend() as WebGPUBackend;
  const counts = { ...NO_OVERHEAD };
  const timed = outermostTimer(counts);
  const counted = <A extends unknown[]>(count: (...args: A) => void) => (original: Method) =>
    timed(function (this: unknown, ...args: A) {
      count(...args);
      return (original as (...a: A) => unknown).apply(this, args);
    }) as Method;
  const undo = [
    patch(backend.device, 'createBuffer', counted((d: GPUBufferDescriptor) => {
      counts.buffersCreated++;
      if (isUniform(d.usage)) counts.uniformBuffersCreated++;
      if (d.mappedAtCreation) counts.uploads++;
    })),
    patch(backend.device, 'createBindGroup', counted(() => counts.bindGroups++)),
    // tfjs keeps the queue it took from the device at start; that object is the one it calls.
    patch(backend.queue, 'writeBuffer', counted((buffer: GPUBuffer) => {
      if (isUniform(buffer.usage)) counts.uniformWrites++;
      else counts.uploads++;
    })),
    patch(backend.queue, 'submit', counted(() => counts.submits++)),
    // Buffers come from tfjs's pool, made before counting began: their prototype's method is the one to wrap.
    patch(GPUBuffer.prototype, 'mapAsync', counted((mode: number) => {
      if ((mode & GPUMapMode.READ) !== 0) counts.readBacks++;
    })),
    patch(GPUComputePassEncoder.prototype, 'dispatchWorkgroups', counted(() => counts.dispatches++)),
    ...tf.getKernelsForBackend('webgpu').map((config) => patch(config, 'kernelFunc', (original) => timed(original as () => unknown) as Method)),
  ];
  return () => {
    for (const u of undo.reverse()) u();
    return counts;
  };
}

/** The overhead of `work` (awaited), with its result. */
export async function countOverhead<T>(work: () => Promise<T>): Promise<{ result: T; counts: OverheadCounts }> {
  const stop = startOverheadCounters();
  let counts = NO_OVERHEAD;
  const result = await work().finally(() => (counts = stop()));
  return { result, counts };
}
