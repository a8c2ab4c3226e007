/**
 * Records the GPU work of one synchronous tfjs computation at fixed shapes (a fused training
 * step), then replays it without tfjs: each dispatch's pipeline, bind group and workgroup counts,
 * the copies between dispatches, and every buffer they touch. A replay encodes it all into one
 * command encoder and submits once, creating no buffer, bind group or uniform buffer.
 *
 * While recording, tfjs's buffer pool gets back nothing (no buffer plays two parts in a step, and
 * none that the recording binds goes to another tensor later); the live tensors it binds are
 * kept alive. Values that change from run to run reach a replay through buffers rewritten in
 * place: inputs (writeInput) and named uniforms (writeUniform). A variable the computation
 * reassigned (Adam's moments, written to a fresh buffer) has its new buffer copied onto its
 * old one before each replay, so the recorded dispatches read this run's state.
 */
import * as tf from '@tensorflow/tfjs';
import { dispatchCacheEnabled, setDispatchCache } from './dispatch-cache';
import { onMultiOutputDispatch, type Uniform } from './program';

type DataId = object;
type Command =
  | { pipeline: GPUComputePipeline; bindGroup: GPUBindGroup; groups: [number, number, number] }
  | { src: GPUBuffer; srcOffset: number; dst: GPUBuffer; dstOffset: number; size: number };

/** What the recorder touches of tfjs-backend-webgpu 4.22's internals. */
type Internals = {
  device: GPUDevice;
  queue: GPUQueue;
  commandEncoder: GPUCommandEncoder | null;
  bufferManager: { releaseBuffer(buffer: GPUBuffer, reuse?: boolean): void };
  tensorMap: { get(id: DataId): { values: unknown; resource: unknown } | undefined; has(id: DataId): boolean };
  tensorToBinding(t: tf.TensorInfo): GPUBindingResource;
  uploadToGPU(id: DataId): void;
  endComputePassEncoder(): void;
  submitQueue(): void;
  incRef(id: DataId): void;
  disposeData(id: DataId): boolean;
};

/** Where a named uniform lives in a recorded dispatch's uniform buffer (4-byte scalars in order). */
type UniformSlot = { buffer: GPUBuffer; offset: number; type: Uniform['type'] };

/** A staging buffer (tfjs's uploads and read-backs): tfjs destroys or reuses these itself. (A function: no WebGPU globals off webgpu.) */
const isStaging = (buffer: GPUBuffer) => (buffer.usage & (GPUBufferUsage.MAP_READ | GPUBufferUsage.MAP_WRITE)) !== 0;

/** Replaces obj[name] with wrap(original) until the returned undo. */
function patch<T extends object, K extends keyof T>(obj: T, name: K, wrap: (original: T[K]) => T[K]): () => void {
  const own = Object.prototype.hasOwnProperty.call(obj, name);
  const original = obj[name];
  obj[name] = wrap(original);
  return () => {
    if (own) obj[name] = original;
    else delete obj[name];
  };
}

/** Submits what tfjs has encoded so far, so that a recording starts and ends on an empty encoder. */
function flush(gpu: Internals): void {
  if (!gpu.commandEncoder) return;
  gpu.endComputePassEncoder();
  gpu.submitQueue();
}

function bufferOf(gpu: Internals, t: tf.TensorInfo): GPUBuffer {
  const resource = gpu.tensorMap.get(t.dataId)?.resource;
  if (!(resource instanceof GPUBuffer)) throw new Error('step recorder: a tensor with no GPU buffer');
  return resource;
}

export class StepRecording {
  constructor(
    private readonly gpu: Internals,
    private readonly commands: Command[],
    /** [from, to]: a reassigned variable's new buffer onto its old one, before each replay. */
    private readonly carries: [GPUBuffer, GPUBuffer][],
    /** Buffers tfjs released while recording: the recording's own until dispose. */
    private readonly held: GPUBuffer[],
    /** Live tensors the recording binds, kept alive (one reference each) until dispose. */
    private readonly pinned: DataId[],
    /** Each variable the recording binds, and its data when recorded: it is stale once that changes. */
    private readonly variables: [tf.Variable, DataId][],
    private readonly uniformSlots: Map<string, UniformSlot[]>,
  ) {}

  private disposed = false;

  /** Whether a replay still computes what the recorded run did: same backend, variables unchanged. */
  valid(): boolean {
    return !this.disposed && (tf.backend() as unknown) === this.gpu && this.variables.every(([v, id]) => !v.isDisposed && v.dataId === id);
  }

  /** Writes a recorded input's values for the next replay (its tensor's buffer, in place). */
  writeInput(t: tf.Tensor, values: Float32Array | Int32Array): void {
    this.gpu.queue.writeBuffer(bufferOf(this.gpu, t), 0, values.buffer as ArrayBuffer, values.byteOffset, values.byteLength);
  }

  /** Sets every recorded uniform of this name (see recordStep's `uniforms`) for the next replay. */
  writeUniform(name: string, value: number): void {
    for (const { buffer, offset, type } of this.uniformSlots.get(name) ?? []) this.gpu.queue.writeBuffer(buffer, offset, type === 'i32' ? new Int32Array([value]) : new Float32Array([value]));
  }

  /** Encodes every recorded command into one encoder and submits it; reads nothing back. */
  replay(): void {
    if (!this.valid()) throw new Error('step recorder: replaying a stale recording');
    flush(this.gpu);
    const encoder = this.gpu.device.createCommandEncoder();
    for (const [from, to] of this.carries) encoder.copyBufferToBuffer(from, 0, to, 0, from.size);
    let pass: GPUComputePassEncoder | null = null;
    for (const c of this.commands) {
      if ('pipeline' in c) {
        pass ??= encoder.beginComputePass();
        pass.setPipeline(c.pipeline);
        pass.setBindGroup(0, c.bindGroup);
        pass.dispatchWorkgroups(...c.groups);
      } else {
        pass?.end();
        pass = null;
        encoder.copyBufferToBuffer(c.src, c.srcOffset, c.dst, c.dstOffset, c.size);
      }
    }
    pass?.end();
    this.gpu.queue.submit([encoder.finish()]);
    // tfjs answers reads from a CPU copy where it has one: the GPU buffers are the truth now.
    for (const id of this.pinned) {
      const data = this.gpu.tensorMap.get(id);
      if (data) data.values = null;
    }
  }

  /** Hands the buffers back to tfjs's pool and lets go of the tensors it kept alive. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    flush(this.gpu);
    for (const buffer of this.held) this.gpu.bufferManager.releaseBuffer(buffer);
    for (const id of this.pinned) this.gpu.disposeData(id);
  }
}

export interface RecordOptions {
  /** Tensors whose values change between replays: on the GPU before recording, rewritten by writeInput. */
  inputs?: tf.Tensor[];
  /** Names of runMultiOutput uniforms that change between replays (writeUniform). */
  uniforms?: string[];
}

/** The commands the computation encodes, and the buffers its bind groups bind. */
function captureCommands(commands: Command[], bound: Set<GPUBuffer>): (() => void)[] {
  const groups = new Map<GPUBindGroup, GPUBuffer[]>();
  let pipeline: GPUComputePipeline | null = null;
  let bindGroup: GPUBindGroup | null = null;
  const device = (tf.backend() as unknown as Internals).device;
  return [
    patch(device, 'createBindGroup', (original) =>
      function (this: GPUDevice, d: GPUBindGroupDescriptor) {
        const group = original.call(this, d);
        groups.set(group, [...d.entries].map((e) => (e.resource as GPUBufferBinding).buffer).filter((b) => b instanceof GPUBuffer));
        return group;
      },
    ),
    patch(GPUComputePassEncoder.prototype, 'setPipeline', (original) =>
      function (this: GPUComputePassEncoder, p: GPUComputePipeline) {
        pipeline = p;
        return original.call(this, p);
      },
    ),
    patch(
      GPUComputePassEncoder.prototype,
      'setBindGroup',
      (original) =>
        function (this: GPUComputePassEncoder, ...args: unknown[]) {
          bindGroup = args[1] as GPUBindGroup;
          return (original as (...a: unknown[]) => undefined).apply(this, args);
        } as GPUComputePassEncoder['setBindGroup'],
    ),
    patch(GPUComputePassEncoder.prototype, 'dispatchWorkgroups', (original) =>
      function (this: GPUComputePassEncoder, x: number, y?: number, z?: number) {
        const buffers = groups.get(bindGroup!);
        // A bind group made before recording (the dispatch cache's) could name buffers tfjs reuses.
        if (!buffers) throw new Error('step recorder: a bind group made before recording');
        buffers.forEach((b) => bound.add(b));
        commands.push({ pipeline: pipeline!, bindGroup: bindGroup!, groups: [x, y ?? 1, z ?? 1] });
        return original.call(this, x, y, z);
      },
    ),
    patch(GPUCommandEncoder.prototype, 'copyBufferToBuffer', (original) =>
      function (this: GPUCommandEncoder, ...args: unknown[]) {
        const [src, srcOffset, dst, dstOffset, size] = args as [GPUBuffer, number, GPUBuffer, number, number];
        if ((dst.usage & GPUBufferUsage.MAP_READ) !== 0) throw new Error('step recorder: the computation reads back');
        // An upload from a staging buffer: its destination keeps the values (a constant) or is an input.
        if ((src.usage & GPUBufferUsage.MAP_WRITE) === 0) {
          commands.push({ src, srcOffset, dst, dstOffset, size });
          bound.add(src).add(dst);
        }
        return (original as (...a: unknown[]) => undefined).apply(this, args);
      },
    ),
  ];
}

/**
 * Runs `run` once as tfjs would (its result is the caller's), recording its GPU work for
 * replays. `run` must be synchronous, read nothing back, and depend on nothing but shapes and
 * its inputs' and variables' values. Needs the webgpu backend.
 */
export function recordStep<T>(run: () => T, options: RecordOptions = {}): { result: T; recording: StepRecording } {
  if (tf.getBackend() !== 'webgpu') throw new Error(`step recorder: needs webgpu, not ${tf.getBackend()}`);
  const gpu = tf.backend() as unknown as Internals;
  const variables = Object.values(tf.engine().registeredVariables);
  for (const t of [...variables, ...(options.inputs ?? [])]) gpu.uploadToGPU(t.dataId);
  flush(gpu);
  const before = new Map(variables.map((v) => [v, bufferOf(gpu, v)]));
  const commands: Command[] = [];
  const bound = new Set<GPUBuffer>();
  const held: GPUBuffer[] = [];
  const tensors = new Map<GPUBuffer, tf.TensorInfo>();
  const uniformSlots = new Map<string, UniformSlot[]>((options.uniforms ?? []).map((n) => [n, []]));
  const cache = dispatchCacheEnabled();
  setDispatchCache(false);
  const undo = [
    ...captureCommands(commands, bound),
    patch(gpu.bufferManager, 'releaseBuffer', (original) =>
      function (this: unknown, buffer: GPUBuffer, reuse?: boolean) {
        if (reuse === false || isStaging(buffer)) return original.call(this, buffer, reuse);
        held.push(buffer);
      },
    ),
    patch(gpu, 'tensorToBinding', (original) =>
      function (this: unknown, t: tf.TensorInfo) {
        const binding = original.call(this, t);
        tensors.set((binding as GPUBufferBinding).buffer, t);
        return binding;
      },
    ),
    onMultiOutputDispatch(({ uniforms, uniformBuffer }) =>
      uniforms.forEach((u, i) => uniformSlots.get(u.name)?.push({ buffer: uniformBuffer.buffer, offset: (uniformBuffer.offset ?? 0) + 4 * i, type: u.type })),
    ),
  ];
  let result: T;
  try {
    result = run();
    flush(gpu);
  } finally {
    for (const u of undo.reverse()) u();
    setDispatchCache(cache);
  }
  const heldSet = new Set(held);
  const pinned: DataId[] = [];
  for (const [buffer, t] of tensors) {
    if (heldSet.has(buffer) || !bound.has(buffer) || !gpu.tensorMap.has(t.dataId)) continue;
    gpu.incRef(t.dataId);
    pinned.push(t.dataId);
  }
  const carries: [GPUBuffer, GPUBuffer][] = [];
  for (const [v, old] of before) {
    const now = bufferOf(gpu, v);
    if (now !== old && bound.has(old)) carries.push([now, old]);
  }
  const watched = variables.filter((v) => bound.has(bufferOf(gpu, v)) || bound.has(before.get(v)!)).map((v): [tf.Variable, DataId] => [v, v.dataId]);
  return { result, recording: new StepRecording(gpu, commands, carries, held, pinned, watched, uniformSlots) };
}
