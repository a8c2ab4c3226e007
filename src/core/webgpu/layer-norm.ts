/**
 * LayerNorm over the last axis as WebGPU kernels: forward (one dispatch; with `withStats`, as
 * training wants them, it also writes the row statistics) and backward in one dispatch (dx a
 * thread per row; the gain and bias gradients a workgroup per column whose lanes share the sum
 * over the rows: a column's thousands of rows were one thread's serial loop). A thread per row where there are rows enough to fill a
 * GPU. The plain path (layers.ts) is the reference: same formula.
 */
import type { KernelConfig, TensorInfo } from '@tensorflow/tfjs';
import type { WebGPUBackend } from '@tensorflow/tfjs-backend-webgpu';
import { runMultiOutput, runProgram, WORKGROUP, WORKGROUP_SUM } from './program';

export const LAYER_NORM = 'AgonLayerNorm';
export const LAYER_NORM_GRAD = 'AgonLayerNormGrad';

export interface LayerNormAttrs {
  epsilon: number;
  /** Also return the row statistics [N, 2] (mean, 1/std) for the gradient. */
  withStats: boolean;
}

/** A row's mean and 1/std, one thread a row (two passes, as the plain path). */
const ROW_STATS = `
  let start = index * uniforms.d;
  var sum = 0.0;
  for (var j = 0; j < uniforms.d; j++) { sum += X[start + j]; }
  let mean = sum / f32(uniforms.d);
  var sq = 0.0;
  for (var j = 0; j < uniforms.d; j++) { let c = X[start + j] - mean; sq += c * c; }
  let rstd = inverseSqrt(sq / f32(uniforms.d) + uniforms.epsilon);`;

/** x [N, D], gain and bias [D] -> y [N, D], and with withStats the row statistics [N, 2]. */
export const layerNormConfig: KernelConfig = {
  kernelName: LAYER_NORM,
  backendName: 'webgpu',
  kernelFunc: ({ inputs, backend, attrs }) => {
    const { x, gain, bias } = inputs as Record<string, TensorInfo>;
    const gpu = backend as WebGPUBackend;
    const [N, D] = x!.shape as [number, number];
    const { epsilon, withStats } = attrs as unknown as LayerNormAttrs;
    const uniforms = [
      { name: 'd', type: 'i32' as const, value: D },
      { name: 'epsilon', type: 'f32' as const, value: epsilon },
    ];
    if (!withStats) {
      return runProgram(gpu, {
        key: 'ln_rows',
        inputs: { X: x!, Gain: gain!, Bias: bias! },
        outputShape: [N, D],
        threads: N,
        uniforms,
        body: `${ROW_STATS}
          for (var j = 0; j < uniforms.d; j++) { result[start + j] = (X[start + j] - mean) * rstd * Gain[j] + Bias[j]; }`,
      });
    }
    // One dispatch, two outputs: the rows and their statistics.
    const [y, stats] = runMultiOutput(gpu, {
      key: 'ln_rows_stats',
      inputs: { X: x!, Gain: gain!, Bias: bias! },
      outputs: { Y: [N, D], Stats: [N, 2] },
      threads: N,
      uniforms,
      body: `${ROW_STATS}
        for (var j = 0; j < uniforms.d; j++) { Y[start + j] = (X[start + j] - mean) * rstd * Gain[j] + Bias[j]; }
        Stats[2 * index] = mean;
        Stats[2 * index + 1] = rstd;`,
    });
    return [y!, stats!];
  },
};

/**
 * x [N, D], gain [D], the forward's statistics [N, 2] and dy [N, D] -> dx [N, D], dgain [D],
 * dbias [D]. With `residual` [N, D], the gradient x gets from a residual add (fused-ops.ts),
 * dx is residual + the LayerNorm's own dx: where tfjs would add the two in a dispatch of its own.
 */
export const layerNormGradConfig: KernelConfig = {
  kernelName: LAYER_NORM_GRAD,
  backendName: 'webgpu',
  kernelFunc: ({ inputs, backend }) => {
    const { x, gain, stats, dy, residual } = inputs as Record<string, TensorInfo>;
    const gpu = backend as WebGPUBackend;
    const [N, D] = x!.shape as [number, number];
    const d = [{ name: 'd', type: 'i32' as const, value: D }];
    // One dispatch, two kinds of workgroup: the first ceil(N / 64) each take 64 rows, a thread
    // a row, for dx; the D after them each take a column, its lanes summing every 64th row and
    // sharing the sums, for the gain's and the bias's gradients. (A workgroup's kind is uniform
    // across its lanes, so the barriers of the column sums are reached by all or none.)
    const rowGroups = Math.ceil(N / WORKGROUP);
    const [dx, dgain, dbias] = runMultiOutput(gpu, {
      key: residual ? 'ln_grad_residual' : 'ln_grad',
      inputs: { X: x!, Gain: gain!, Stats: stats!, DY: dy!, ...(residual && { DRes: residual }) },
      outputs: { DX: [N, D], DGain: [D], DBias: [D] },
      rows: rowGroups + D,
      uniforms: [...d, { name: 'n', type: 'i32', value: N }, { name: 'rowGroups', type: 'i32', value: rowGroups }],
      header: WORKGROUP_SUM,
      body: `
        if (row < uniforms.rowGroups) {
          let r = row * ${WORKGROUP} + lane;
          if (r < uniforms.n) {
            let start = r * uniforms.d;
            let mean = Stats[2 * r];
            let rstd = Stats[2 * r + 1];
            var a = 0.0;
            var b = 0.0;
            for (var j = 0; j < uniforms.d; j++) {
              let g = DY[start + j] * Gain[j];
              a += g;
              b += g * (X[start + j] - mean) * rstd;
            }
            a = a / f32(uniforms.d);
            b = b / f32(uniforms.d);
            for (var j = 0; j < uniforms.d; j++) {
              let xhat = (X[start + j] - mean) * rstd;
              DX[start + j] = ${residual ? 'DRes[start + j] + ' : ''}rstd * (DY[start + j] * Gain[j] - a - xhat * b);
            }
          }
        } else {
          let col = row - uniforms.rowGroups;
          var sums = vec2<f32>(0.0, 0.0);
          for (var r = lane; r < uniforms.n; r += ${WORKGROUP}) {
            let i = r * uniforms.d + col;
            sums += vec2<f32>(DY[i] * (X[i] - Stats[2 * r]) * Stats[2 * r + 1], DY[i]);
          }
          let total = workgroupSum(lane, sums);
          if (lane == 0) {
            DGain[col] = total.x;
            DBias[col] = total.y;
          }
        }`,
    });
    return [dx!, dgain!, dbias!];
  },
};
