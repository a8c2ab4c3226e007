/**
 * A minimal WebGPUProgram for hand-written WGSL run through tfjs-backend-webgpu's own
 * pipeline cache, bind groups and command queue (backend.runWebGPUProgram). Each program
 * runs `threads` invocations of `body`, with `index` the invocation; or, with `rows`, one
 * workgroup of WORKGROUP invocations per row, with `row` and `lane`, which work together
 * through workgroup memory and barriers. Inputs are bound as plain arrays named as given, the
 * output as `result`. Why not tfjs's generated accessors: the fused kernels index rows,
 * columns and heads themselves.
 */
import type { TensorInfo } from '@tensorflow/tfjs';
import type { WebGPUBackend, WebGPUProgram } from '@tensorflow/tfjs-backend-webgpu';

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
