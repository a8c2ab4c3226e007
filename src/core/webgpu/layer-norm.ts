/**
 * LayerNorm over the last axis as WebGPU kernels, a workgroup per row (or per column) whose
 * lanes share the sums: forward (with `withStats`, as training wants them: the row statistics,
 * then the normalised, scaled and shifted rows; without, as decoding wants it: one dispatch)
 * and backward (dx per row, the gain and bias gradients per column). The plain path
 * (layers.ts) is the reference: same formula.
 */
import type { KernelConfig, TensorInfo } from '@tensorflow/tfjs';
import type { WebGPUBackend } from '@tensorflow/tfjs-backend-webgpu';
import { runProgram, WORKGROUP, WORKGROUP_SUM } from './program';

export const LAYER_NORM = 'AgonLayerNorm';
export const LAYER_NORM_GRAD = 'AgonLayerNormGrad';

export interface LayerNormAttrs {
  epsilon: number;
  /** Also return the row statistics [N, 2] (mean, 1/std) for the gradient. */
  withStats: boolean;
}

/** A row's mean and 1/std, the lanes each summing every 64th column (two passes, as the plain path). */
const ROW_STATS = `
  let start = row * uniforms.d;
  var s = 0.0;
  for (var j = lane; j < uniforms.d; j += ${WORKGROUP}) { s += X[start + j]; }
  let mean = workgroupSum(lane, vec2<f32>(s, 0.0)).x / f32(uniforms.d);
  var q = 0.0;
  for (var j = lane; j < uniforms.d; j += ${WORKGROUP}) { let c = X[start + j] - mean; q += c * c; }
  let rstd = inverseSqrt(workgroupSum(lane, vec2<f32>(q, 0.0)).x / f32(uniforms.d) + uniforms.epsilon);`;

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
        rows: N,
        uniforms,
        header: WORKGROUP_SUM,
        body: `${ROW_STATS}
          for (var j = lane; j < uniforms.d; j += ${WORKGROUP}) { result[start + j] = (X[start + j] - mean) * rstd * Gain[j] + Bias[j]; }`,
      });
    }
    const stats = runProgram(gpu, {
      key: 'ln_stats',
      inputs: { X: x! },
      outputShape: [N, 2],
      rows: N,
      uniforms,
      header: WORKGROUP_SUM,
      body: `${ROW_STATS}
        if (lane == 0) {
          result[2 * row] = mean;
          result[2 * row + 1] = rstd;
        }`,
    });
    const y = runProgram(gpu, {
      key: 'ln_apply',
      inputs: { X: x!, Stats: stats, Gain: gain!, Bias: bias! },
      outputShape: [N, D],
      threads: N * D,
      uniforms: [{ name: 'd', type: 'i32', value: D }],
      body: `
        let row = index / uniforms.d;
        let col = index % uniforms.d;
        result[index] = (X[index] - Stats[2 * row]) * Stats[2 * row + 1] * Gain[col] + Bias[col];`,
    });
    return [y, stats];
  },
};

/** x [N, D], gain [D], the forward's statistics [N, 2] and dy [N, D] -> dx [N, D], dgain [D], dbias [D]. */
export const layerNormGradConfig: KernelConfig = {
  kernelName: LAYER_NORM_GRAD,
  backendName: 'webgpu',
  kernelFunc: ({ inputs, backend }) => {
    const { x, gain, stats, dy } = inputs as Record<string, TensorInfo>;
    const gpu = backend as WebGPUBackend;
    const [N, D] = x!.shape as [number, number];
    const d = [{ name: 'd', type: 'i32' as const, value: D }];
    const dx = runProgram(gpu, {
      key: 'ln_dx',
      inputs: { X: x!, Gain: gain!, Stats: stats!, DY: dy! },
      outputShape: [N, D],
      rows: N,
      uniforms: d,
      header: WORKGROUP_SUM,
      body: `
        let start = row * uniforms.d;
        let mean = Stats[2 * row];
        let rstd = Stats[2 * row + 1];
        var ab = vec2<f32>(0.0, 0.0);
        for (var j = lane; j < uniforms.d; j += ${WORKGROUP}) {
          let g = DY[start + j] * Gain[j];
          ab += vec2<f32>(g, g * (X[start + j] - mean) * rstd);
        }
        ab = workgroupSum(lane, ab) / f32(uniforms.d);
        for (var j = lane; j < uniforms.d; j += ${WORKGROUP}) {
          let xhat = (X[start + j] - mean) * rstd;
          result[start + j] = rstd * (DY[start + j] * Gain[j] - ab.x - xhat * ab.y);
        }`,
    });
    // A workgroup per column, its lanes each summing every 64th row. A dispatch binds only
    // what its shader uses (auto layouts leave unused bindings out).
    const columns = (key: string, term: string, used: Record<string, TensorInfo>) =>
      runProgram(gpu, {
        key,
        inputs: used,
        outputShape: [D],
        rows: D,
        uniforms: [...d, { name: 'n', type: 'i32', value: N }],
        header: WORKGROUP_SUM,
        body: `
          var sum = 0.0;
          for (var r = lane; r < uniforms.n; r += ${WORKGROUP}) {
            let i = r * uniforms.d + row;
            sum += ${term};
          }
          let total = workgroupSum(lane, vec2<f32>(sum, 0.0)).x;
          if (lane == 0) { result[row] = total; }`,
      });
    const dgain = columns('ln_dgain', 'DY[i] * (X[i] - Stats[2 * r]) * Stats[2 * r + 1]', { X: x!, Stats: stats!, DY: dy! });
    const dbias = columns('ln_dbias', 'DY[i]', { DY: dy! });
    return [dx, dgain, dbias];
  },
};
