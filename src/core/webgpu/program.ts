/**
 * A minimal WebGPUProgram for hand-written WGSL run through tfjs-backend-webgpu's own
 * pipeline cache, bind groups and command queue (backend.runWebGPUProgram). Each program
 * runs `threads` invocations of `body`, with `index` the invocation; inputs are bound as
 * plain arrays named as given, the output as `result`. Why not tfjs's generated accessors:
 * the fused kernels index rows, columns and heads themselves.
 */
import type { TensorInfo } from '@tensorflow/tfjs';
import type { WebGPUBackend, WebGPUProgram } from '@tensorflow/tfjs-backend-webgpu';

const WORKGROUP = 64;

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
  ) {
    this.shaderKey = `agon_${key}`;
    this.uniforms = ['threads : i32,', ...uniforms.map((u) => `${u.name} : ${u.type},`)].join(' ');
    this.dispatch = [Math.ceil(threads / WORKGROUP), 1, 1];
  }

  getUserCode(): string {
    return `${this.header}
      fn main(index : i32) {
        if (index >= uniforms.threads) { return; }
        ${this.body}
      }`;
  }
}

export interface ProgramSpec {
  /** Names the shader: must change whenever `body` does (compile-time constants included). */
  key: string;
  inputs: Record<string, TensorInfo>;
  outputShape: number[];
  threads: number;
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
  const program = new FusedProgram(spec.key, names, spec.outputShape, spec.threads, uniforms, spec.body, spec.header ?? '');
  const data = [{ type: 'int32', data: [spec.threads] }, ...uniforms.map((u) => ({ type: u.type === 'i32' ? 'int32' : 'float32', data: [u.value] }))];
  return backend.runWebGPUProgram(program, names.map((n) => spec.inputs[n]!), 'float32', data, spec.output);
}
