/**
 * LayerNorm over the last axis as two WebGPU kernels: forward (the row statistics, then
 * the normalised, scaled and shifted rows) and backward (dx per row, the gain and bias
 * gradients per column). The plain path (layers.ts) is the reference: same formula.
 */
import type { KernelConfig, TensorInfo } from '@tensorflow/tfjs';
import type { WebGPUBackend } from '@tensorflow/tfjs-backend-webgpu';
import { runProgram } from './program';

export const LAYER_NORM = 'AgonLayerNorm';
export const LAYER_NORM_GRAD = 'AgonLayerNormGrad';

/** x [N, D], gain and bias [D] -> y [N, D] and the row statistics [N, 2] (mean, 1/std). */
export const layerNormConfig: KernelConfig = {
  kernelName: LAYER_NORM,
  backendName: 'webgpu',
  kernelFunc: ({ inputs, backend, attrs }) => {
    const { x, gain, bias } = inputs as Record<string, TensorInfo>;
    const gpu = backend as WebGPUBackend;
    const [N, D] = x!.shape as [number, number];
    const epsilon = (attrs as { epsilon: number }).epsilon;
    const stats = runProgram(gpu, {
      key: 'ln_stats',
      inputs: { X: x! },
      outputShape: [N, 2],
      threads: N,
      uniforms: [
        { name: 'd', type: 'i32', value: D },
        { name: 'epsilon', type: 'f32', value: epsilon },
      ],
      body: `
        let start = index * uniforms.d;
        var sum = 0.0;
        for (var j = 0; j < uniforms.d; j++) { sum += X[start + j]; }
        let mean = sum / f32(uniforms.d);
        var sq = 0.0;
        for (var j = 0; j < uniforms.d; j++) { let c = X[start + j] - mean; sq += c * c; }
        result[2 * index] = mean;
        result[2 * index + 1] = inverseSqrt(sq / f32(uniforms.d) + uniforms.epsilon);`,
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
      threads: N,
      uniforms: d,
      body: `
        let start = index * uniforms.d;
        let mean = Stats[2 * index];
        let rstd = Stats[2 * index + 1];
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
          result[start + j] = rstd * (DY[start + j] * Gain[j] - a - xhat * b);
        }`,
    });
    // A dispatch binds only what its shader uses (auto layouts leave unused bindings out).
    const columns = (key: string, term: string, used: Record<string, TensorInfo>) =>
      runProgram(gpu, {
        key,
        inputs: used,
        outputShape: [D],
        threads: D,
        uniforms: [...d, { name: 'n', type: 'i32', value: N }],
        body: `
          var sum = 0.0;
          for (var r = 0; r < uniforms.n; r++) {
            let i = r * uniforms.d + index;
            sum += ${term};
          }
          result[index] = sum;`,
      });
    const dgain = columns('ln_dgain', 'DY[i] * (X[i] - Stats[2 * r]) * Stats[2 * r + 1]', { X: x!, Stats: stats!, DY: dy! });
    const dbias = columns('ln_dbias', 'DY[i]', { DY: dy! });
    return [dx, dgain, dbias];
  },
};
