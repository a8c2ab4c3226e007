/**
 * A minimal WebGPUProgram for hand-written WGSL run through tfjs-backend-webgpu's own
 * pipeline cache, bind groups and command queue (backend.runWebGPUProgram). Each program
 * runs `threads` invocations of `body`, with `index` the invocation; or, with `rows`, one
 * workgroup of WORKGROUP invocations per row, with `row` and `lane`, which work together
 * through workgroup memory and barriers. Inputs are bound as plain arrays named as given, the
 * output as `result`. Why not tfjs's generated accessors: the fused kernels index rows,
 * columns and heads themselves.
 */
import { env, type TensorInfo } from '@tensorflow/tfjs';
import type { WebGPUBackend, WebGPUProgram } from '@tensorflow/tfjs-backend-webgpu';
import { cachedBindGroup, cachedUniforms, dispatchCacheEnabled } from './dispatch-cache';

export const WORKGROUP = 64;

/**
 * For `rows` programs: the sum over the workgroup's lanes of each lane's `v` (a tree in
 * workgroup memory). Every lane must call it, from uniform control flow, as a barrier.
 */
export const WORKGROUP_SUM = `
  var<workgroup> laneSums : array<vec2<f32>, ${WORKGROUP}>;
  fn workgroupSum(lane : i32, v : vec2<f32>) -> vec2<f32> {
    laneSums[lane] = v;
    workgroupBarrier();
    for (var s = ${WORKGROUP / 2}; s > 0; s = s / 2) {
      if (lane < s) { laneSums[lane] += laneSums[lane + s]; }
      workgroupBarrier();
    }
    let total = laneSums[0];
    workgroupBarrier();
    return total;
  }`;

export type Uniform = { name: string; type: 'i32' | 'f32'; value: number };

class FusedProgram implements WebGPUProgram {
  readonly dispatchLayout = { x: [0] };
  readonly workgroupSize: [number, number, number] = [WORKGROUP, 1, 1];
  readonly uniforms: string;
  dispatch: [number, number, number];
  shaderKey: string;

  constructor(
    key: string,
    readonly variableNames: string[],
    readonly outputShape: number[],
    threads: number,
    uniforms: Uniform[],
    private readonly body: string,
    private readonly header: string,
    private readonly perRow: boolean,
  ) {
    this.shaderKey = `agon_${key}`;
    this.uniforms = ['threads : i32,', ...uniforms.map((u) => `${u.name} : ${u.type},`)].join(' ');
    this.dispatch = [Math.ceil(threads / WORKGROUP), 1, 1];
  }

  getUserCode(): string {
    // A row's workgroup has no bounds check: every lane must reach each workgroupBarrier().
    const prologue = this.perRow
      ? `let row = i32(workgroupId.x);
        let lane = i32(localId.x);`
      : 'if (index >= uniforms.threads) { return; }';
    return `${this.header}
      fn main(index : i32) {
        ${prologue}
        ${this.body}
      }`;
  }
}

export interface ProgramSpec {
  /** Names the shader: must change whenever `body` does (compile-time constants included). */
  key: string;
  inputs: Record<string, TensorInfo>;
  outputShape: number[];
  /** Invocations, each with its `index`; or `rows`: one workgroup per row. */
  threads?: number;
  rows?: number;
  uniforms?: Uniform[];
  body: string;
  /** WGSL functions for the body (module scope: they see the inputs and `uniforms`). */
  header?: string;
  /** Write into this tensor instead of a fresh one (several dispatches filling one output). */
  output?: TensorInfo;
}

/** Runs one dispatch; returns the output (the caller owns it). */
export function runProgram(backend: WebGPUBackend, spec: ProgramSpec): TensorInfo {
  const uniforms = spec.uniforms ?? [];
  const names = Object.keys(spec.inputs);
  const threads = spec.rows !== undefined ? spec.rows * WORKGROUP : spec.threads;
  if (threads === undefined || (spec.rows !== undefined && spec.threads !== undefined)) throw new Error(`fused kernel ${spec.key}: give threads or rows`);
  const program = new FusedProgram(spec.key, names, spec.outputShape, threads, uniforms, spec.body, spec.header ?? '', spec.rows !== undefined);
  const data = [{ type: 'int32', data: [threads] }, ...uniforms.map((u) => ({ type: u.type === 'i32' ? 'int32' : 'float32', data: [u.value] }))];
  return backend.runWebGPUProgram(program, names.map((n) => spec.inputs[n]!), 'float32', data, spec.output);
}

/** Writes into `target` and hands back its buffer as a new tensor (as Reshape). */
export function inPlace(gpu: WebGPUBackend, target: TensorInfo, run: (output: TensorInfo) => void): TensorInfo {
  run(target);
  // A read-back caches the values on the CPU (and tfjs then answers reads, and runs small
  // ops, from that copy): after writing in place the GPU buffer is the only truth.
  (gpu.tensorMap.get(target.dataId) as { values: unknown }).values = null;
  gpu.incRef(target.dataId);
  return { dataId: target.dataId, shape: target.shape, dtype: target.dtype };
}

/**
 * What runMultiOutput needs of tfjs-backend-webgpu 4.22's internals: the same steps as its
 * recordAndSubmit (bind, dispatch into the current compute pass, submit every
 * WEBGPU_DEFERRED_SUBMIT_BATCH_SIZE dispatches, a timestamp pass per dispatch under tf.profile).
 */
type BackendInternals = {
  device: GPUDevice;
  commandEncoder: GPUCommandEncoder | null;
  computePassEncoder: GPUComputePassEncoder | null;
  dispatchCountInPass: number;
  commandQueueOwnedIds: WeakSet<object>;
  activeTimers: { name: string; query: Promise<number> }[] | null;
  supportTimestampQuery: boolean;
  querySet: GPUQuerySet | null;
  querySetCount: number;
  tensorMap: { get(id: object): { values: unknown; resource: unknown } };
  uploadToGPU(id: object): void;
  tensorToBinding(t: TensorInfo): GPUBindingResource;
  makeUniforms(u: { type: string; data: number[] }[]): GPUBindingResource;
  ensureCommandEncoderReady(): void;
  endComputePassEncoder(): void;
  submitQueue(): void;
  getQueryTime(): Promise<number>;
  makeTensorInfo(shape: number[], dtype: 'float32'): TensorInfo;
};

/** A runMultiOutput dispatch's uniforms, in order (`threads` first), and the buffer holding them as 4-byte scalars. */
export type MultiOutputDispatch = { uniforms: Uniform[]; uniformBuffer: GPUBufferBinding };

const dispatchListeners = new Set<(dispatch: MultiOutputDispatch) => void>();

/**
 * Calls `listener` at each dispatch of runMultiOutput (which bypasses runWebGPUProgram, where
 * kernel-profile counts the others); returns the unsubscribe.
 */
export function onMultiOutputDispatch(listener: (dispatch: MultiOutputDispatch) => void): () => void {
  dispatchListeners.add(listener);
  return () => dispatchListeners.delete(listener);
}

const pipelines = new WeakMap<GPUDevice, Map<string, GPUComputePipeline>>();

export interface MultiOutputSpec {
  /** Names the shader: must change whenever anything compiled in does. */
  key: string;
  inputs: Record<string, TensorInfo>;
  /** Fresh float32 outputs, by binding name and shape. */
  outputs: Record<string, number[]>;
  /**
   * Tensors the body reads and overwrites (read_write bindings), returned after the outputs
   * as new handles on the same buffers (as inPlace). Only for tensors nothing else shares.
   */
  inPlace?: Record<string, TensorInfo>;
  /** Invocations, each with its `index`; or `rows`: one workgroup per row, with `row` and `lane`. */
  threads?: number;
  rows?: number;
  uniforms?: Uniform[];
  body: string;
  /** WGSL at module scope (functions, workgroup variables). */
  header?: string;
}

/**
 * One dispatch that writes several fresh outputs, or tensors in place (runWebGPUProgram writes one): its own
 * pipeline, every binding declared here (read-only inputs, read_write outputs), recorded into
 * tfjs's command encoder as recordAndSubmit would; with setDispatchCache(true), its uniforms and
 * bind group kept across dispatches (dispatch-cache.ts). `index` is the invocation, below `threads`.
 * Every input and output must be used by the body (auto layouts leave unused bindings out).
 * Returns the outputs in the order given (the caller owns them).
 */
export function runMultiOutput(backend: WebGPUBackend, spec: MultiOutputSpec): TensorInfo[] {
  const gpu = backend as unknown as BackendInternals;
  const threads = spec.rows !== undefined ? spec.rows * WORKGROUP : spec.threads;
  if (threads === undefined || (spec.rows !== undefined && spec.threads !== undefined)) throw new Error(`fused kernel ${spec.key}: give threads or rows`);
  const uniforms = [{ name: 'threads', type: 'i32' as const, value: threads }, ...(spec.uniforms ?? [])];
  const inputs = Object.entries(spec.inputs);
  const outputs = Object.entries(spec.outputs).map(([name, shape]) => [name, gpu.makeTensorInfo(shape, 'float32')] as const);
  const updated = Object.entries(spec.inPlace ?? {});
  const bound = [...inputs, ...outputs, ...updated].map(([name, t], i) => ({ name, t, access: i < inputs.length ? 'read' : 'read_write' }));
  let cache = pipelines.get(gpu.device);
  if (!cache) pipelines.set(gpu.device, (cache = new Map()));
  let pipeline = cache.get(spec.key);
  if (!pipeline) {
    const code = `
      struct Uniforms { ${uniforms.map((u) => `${u.name} : ${u.type},`).join(' ')} };
      ${bound.map((b, i) => `@group(0) @binding(${i}) var<storage, ${b.access}> ${b.name} : array<${b.t.dtype === 'int32' ? 'i32' : 'f32'}>;`).join('\n')}
      @group(0) @binding(${bound.length}) var<uniform> uniforms : Uniforms;
      ${spec.header ?? ''}
      @compute @workgroup_size(${WORKGROUP})
      fn main(@builtin(global_invocation_id) id : vec3<u32>, @builtin(workgroup_id) group : vec3<u32>, @builtin(local_invocation_id) local : vec3<u32>) {
        let index = i32(id.x);
        ${
          // A row's workgroup has no bounds check: every lane must reach each workgroupBarrier().
          spec.rows !== undefined ? 'let row = i32(group.x);\n        let lane = i32(local.x);' : 'if (index >= uniforms.threads) { return; }'
        }
        ${spec.body}
      }`;
    pipeline = gpu.device.createComputePipeline({ layout: 'auto', compute: { module: gpu.device.createShaderModule({ code }), entryPoint: 'main' } });
    cache.set(spec.key, pipeline);
  }
  for (const { t } of bound) {
    gpu.uploadToGPU(t.dataId);
    gpu.commandQueueOwnedIds.add(t.dataId);
  }
  const cached = dispatchCacheEnabled();
  const buffers = bound.map((b) => gpu.tensorToBinding(b.t) as GPUBufferBinding);
  const uniformBuffer = cached
    ? cachedUniforms(gpu.device, uniforms)
    : (gpu.makeUniforms(uniforms.map((u) => ({ type: u.type === 'i32' ? 'int32' : 'float32', data: [u.value] }))) as GPUBufferBinding);
  const bindGroup = cached
    ? cachedBindGroup(gpu.device, spec.key, pipeline, [...buffers, uniformBuffer])
    : gpu.device.createBindGroup({ layout: pipeline.getBindGroupLayout(0), entries: [...buffers, uniformBuffer].map((resource, binding) => ({ binding, resource })) });
  const timed = gpu.activeTimers != null;
  gpu.ensureCommandEncoderReady();
  if (timed && gpu.supportTimestampQuery) {
    gpu.endComputePassEncoder();
    gpu.querySet ??= gpu.device.createQuerySet({ type: 'timestamp', count: gpu.querySetCount });
    gpu.computePassEncoder = gpu.commandEncoder!.beginComputePass({ timestampWrites: { querySet: gpu.querySet, beginningOfPassWriteIndex: 0, endOfPassWriteIndex: 1 } });
  } else if (!gpu.computePassEncoder) {
    gpu.computePassEncoder = gpu.commandEncoder!.beginComputePass({});
  }
  gpu.computePassEncoder!.setPipeline(pipeline);
  gpu.computePassEncoder!.setBindGroup(0, bindGroup);
  gpu.computePassEncoder!.dispatchWorkgroups(Math.ceil(threads / WORKGROUP));
  gpu.dispatchCountInPass++;
  for (const listener of dispatchListeners) listener({ uniforms, uniformBuffer });
  if (timed || (env().get('WEBGPU_DEFERRED_SUBMIT_BATCH_SIZE') as number) <= gpu.dispatchCountInPass) {
    gpu.endComputePassEncoder();
    if (timed) gpu.activeTimers!.push({ name: 'AgonMultiOutput', query: gpu.getQueryTime() });
    else gpu.submitQueue();
  }
  for (const [, t] of updated) {
    // The GPU buffer is now the only truth (see inPlace).
    gpu.tensorMap.get(t.dataId).values = null;
    (gpu as unknown as WebGPUBackend).incRef(t.dataId);
  }
  return [...outputs.map(([, t]) => t), ...updated.map(([, t]) => ({ dataId: t.dataId, shape: t.shape, dtype: t.dtype }))];
}
