/**
 * Adam over every weight in one tfjs kernel: the moments of all weights live in one flat
 * buffer [2N] (first moments, then second), updated straight from the gradients (no concat
 * first), then each weight gets its update. Dispatches: one per MOMENT_INPUTS gradients
 * (a dispatch binds at most 8 storage buffers, tfjs's default), then one per IN_PLACE_WEIGHTS
 * weights, updated in place (a dispatch with several outputs, program.ts's runMultiOutput);
 * or, where a weight shares its buffer with another tensor (tfjs's clone and assign share
 * data), one per APPLY_WEIGHTS weights written to fresh buffers.
 * Arithmetic as FlatAdam's plain path, op for op.
 */
import type { KernelConfig, TensorInfo } from '@tensorflow/tfjs';
import type { WebGPUBackend } from '@tensorflow/tfjs-backend-webgpu';
import { runMultiOutput, runProgram, type Uniform } from './program';

export const ADAM = 'AgonAdam';

/** Gradients per moments dispatch: 8 storage buffers minus the output and the old moments. */
const MOMENT_INPUTS = 6;
/** Weights per update dispatch: 8 storage buffers, the moments and an old and a new buffer per weight. */
const APPLY_WEIGHTS = 3;
/** The same, updating the weights in place: the moments and a buffer per weight. */
const IN_PLACE_WEIGHTS = 7;

/** The uniforms of the weight-update dispatches that change every step: 1 - beta1^t and 1 - beta2^t (a recorded step rewrites them). */
export const ADAM_CORRECTIONS = { correction1: 'c1', correction2: 'c2' } as const;

export interface AdamAttrs {
  count: number;
  learningRate: number;
  beta1: number;
  beta2: number;
  epsilon: number;
  /** 1 - beta1^t and 1 - beta2^t, the bias corrections, as float32. */
  correction1: number;
  correction2: number;
}

/** Inputs: moments [2N], g0..g{count-1}, w0..w{count-1}. Outputs: the new moments, then each new weight. */
export const adamConfig: KernelConfig = {
  kernelName: ADAM,
  backendName: 'webgpu',
  kernelFunc: ({ inputs, backend, attrs }) => {
    const gpu = backend as WebGPUBackend;
    const a = attrs as unknown as AdamAttrs;
    const named = inputs as Record<string, TensorInfo>;
    const moments = named.moments!;
    const grads = Array.from({ length: a.count }, (_, i) => named[`g${i}`]!);
    const weights = Array.from({ length: a.count }, (_, i) => named[`w${i}`]!);
    const sizes = grads.map((g) => g.shape.reduce((x, y) => x * y, 1));
    const total = moments.shape[0]! / 2;
    const next = gpu.makeTensorInfo([2 * total], 'float32');
    let base = 0;
    for (let first = 0; first < a.count; first += MOMENT_INPUTS) {
      const chunk = grads.slice(first, first + MOMENT_INPUTS);
      const ends: number[] = [];
      chunk.forEach((_, j) => ends.push((ends[j - 1] ?? 0) + sizes[first + j]!));
      const pick = chunk.map((_, j) => `${j > 0 ? 'else ' : ''}if (index < uniforms.e${j}) { g = G${j}[index${j > 0 ? ` - uniforms.e${j - 1}` : ''}]; }`).join(' ');
      const uniforms: Uniform[] = [
        { name: 'n', type: 'i32', value: total },
        { name: 'base', type: 'i32', value: base },
        ...ends.map((e, j) => ({ name: `e${j}`, type: 'i32' as const, value: e })),
        { name: 'beta1', type: 'f32', value: a.beta1 },
        { name: 'beta2', type: 'f32', value: a.beta2 },
        { name: 'ob1', type: 'f32', value: 1 - a.beta1 },
        { name: 'ob2', type: 'f32', value: 1 - a.beta2 },
      ];
      runProgram(gpu, {
        key: `adam_moments_${chunk.length}`,
        inputs: { MV: moments, ...Object.fromEntries(chunk.map((g, j) => [`G${j}`, g])) },
        outputShape: [2 * total],
        threads: ends[ends.length - 1]!,
        uniforms,
        output: next,
        body: `
          var g = 0.0;
          ${pick}
          let p = uniforms.base + index;
          result[p] = MV[p] * uniforms.beta1 + g * uniforms.ob1;
          result[uniforms.n + p] = MV[uniforms.n + p] * uniforms.beta2 + g * g * uniforms.ob2;`,
      });
      base += ends[ends.length - 1]!;
    }
    // The weights' updates, a dispatch writing several weights (runMultiOutput). In place
    // where no other tensor shares a weight's buffer (tfjs's clone and assign share data): 7 of
    // the 8 storage bindings go to weights. Otherwise into fresh buffers, 3 weights a dispatch
    // (an old and a new buffer each).
    const gpuData = gpu as unknown as { tensorMap: { get(id: object): { refCount: number } } };
    const owned = weights.every((w) => gpuData.tensorMap.get(w.dataId).refCount === 1) && new Set(weights.map((w) => w.dataId)).size === weights.length;
    const perDispatch = owned ? IN_PLACE_WEIGHTS : APPLY_WEIGHTS;
    const offsets: number[] = [];
    sizes.forEach((_, i) => offsets.push(i === 0 ? 0 : offsets[i - 1]! + sizes[i - 1]!));
    const updated: TensorInfo[] = [];
    for (let first = 0; first < a.count; first += perDispatch) {
      const group = weights.slice(first, first + perDispatch);
      const ends: number[] = [];
      group.forEach((_, j) => ends.push((ends[j - 1] ?? 0) + sizes[first + j]!));
      const branches = group.map((_, j) => {
        const i = j > 0 ? `index - uniforms.e${j - 1}` : 'index';
        return `${j > 0 ? 'else ' : ''}if (index < uniforms.e${j}) {
          let i = ${i};
          let p = uniforms.o${j} + i;
          let mHat = MV[p] / uniforms.c1;
          let vHat = MV[uniforms.n + p] / uniforms.c2;
          ${owned ? 'W' : 'O'}${j}[i] = mHat / (sqrt(vHat) + uniforms.epsilon) * (-uniforms.lr) + W${j}[i];
        }`;
      });
      const named = Object.fromEntries(group.map((w, j) => [`W${j}`, w]));
      updated.push(
        ...runMultiOutput(gpu, {
          key: `adam_apply_${owned ? 'in_place_' : ''}${group.length}`,
          inputs: owned ? { MV: next } : { MV: next, ...named },
          outputs: owned ? {} : Object.fromEntries(group.map((w, j) => [`O${j}`, w.shape])),
          inPlace: owned ? named : {},
          threads: ends[ends.length - 1]!,
          uniforms: [
            { name: 'n', type: 'i32', value: total },
            ...group.map((_, j) => ({ name: `o${j}`, type: 'i32' as const, value: offsets[first + j]! })),
            ...ends.map((e, j) => ({ name: `e${j}`, type: 'i32' as const, value: e })),
            { name: 'lr', type: 'f32', value: a.learningRate },
            { name: 'epsilon', type: 'f32', value: a.epsilon },
            { name: ADAM_CORRECTIONS.correction1, type: 'f32', value: a.correction1 },
            { name: ADAM_CORRECTIONS.correction2, type: 'f32', value: a.correction2 },
          ],
          body: branches.join(' '),
        }),
      );
    }
    return [next, ...updated];
  },
};
