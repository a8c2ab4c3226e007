/**
 * The MLP's LayerNorm and GELU folded into its matmuls (tile-product.ts), one dispatch each where
 * the plain path takes three and two:
 *
 * - AgonNormLinearGelu: x [N, In], gain and lnBias [In], w [In, F], bias [F], attr epsilon ->
 *   up = layerNorm(x) @ w + bias and gelu(up), both [N, F] (the backward pass needs up), and
 *   the rows' LayerNorm statistics [N, 2] (mean, 1/std), as AgonLayerNorm writes them.
 * - AgonGeluLinearGrad: dy [N, Out], w [F, Out] and up [N, F] -> d(up) = gelu'(up) (dy w^T)
 *   [N, F] (the down projection's input gradient, then GELU's).
 */
import type { KernelConfig, TensorInfo } from '@tensorflow/tfjs';
import type { WebGPUBackend } from '@tensorflow/tfjs-backend-webgpu';
import { GELU_DERIVATIVE, SIGMOID } from './gelu';
import { runMultiOutput, runProgram } from './program';
import { NORM_ROWS } from './norm-on-load';
import { tileCount, TILE_PRODUCT } from './tile-product';

export const NORM_LINEAR_GELU = 'AgonNormLinearGelu';
export const GELU_LINEAR_GRAD = 'AgonGeluLinearGrad';

const sizes = (m: number, n: number, depth: number) => [
  { name: 'm', type: 'i32' as const, value: m },
  { name: 'n', type: 'i32' as const, value: n },
  { name: 'depth', type: 'i32' as const, value: depth },
];

export const normLinearGeluConfig: KernelConfig = {
  kernelName: NORM_LINEAR_GELU,
  backendName: 'webgpu',
  kernelFunc: ({ inputs, backend, attrs }) => {
    const { x, gain, lnBias, w, bias } = inputs as Record<string, TensorInfo>;
    const [N, In] = x!.shape as [number, number];
    const F = w!.shape[1]!;
    const [up, activated, stats] = runMultiOutput(backend as WebGPUBackend, {
      key: 'norm_linear_gelu',
      inputs: { X: x!, Gain: gain!, LnBias: lnBias!, W: w!, Bias: bias! },
      outputs: { Up: [N, F], Activated: [N, F], Stats: [N, 2] },
      rows: tileCount(N, F),
      uniforms: [...sizes(N, F, In), { name: 'epsilon', type: 'f32', value: (attrs as { epsilon: number }).epsilon }],
      header: `
        ${NORM_ROWS}
        fn aAt(k : i32, i : i32) -> f32 { return normedAt(k, i); }
        fn bAt(k : i32, o : i32) -> f32 { return W[k * uniforms.n + o]; }
        fn store(i : i32, o : i32, sum : f32) {
          let at = i * uniforms.n + o;
          let x = sum + Bias[o];
          ${SIGMOID}
          Up[at] = x;
          Activated[at] = x * s;
        }
        ${TILE_PRODUCT}`,
      body: `
        normRows(row, lane);
        tileProduct(row, lane);`,
    });
    return [up!, activated!, stats!];
  },
};

export const geluLinearGradConfig: KernelConfig = {
  kernelName: GELU_LINEAR_GRAD,
  backendName: 'webgpu',
  kernelFunc: ({ inputs, backend }) => {
    const { dy, w, up } = inputs as Record<string, TensorInfo>;
    const [N, Out] = dy!.shape as [number, number];
    const F = w!.shape[0]!;
    return runProgram(backend as WebGPUBackend, {
      key: 'gelu_linear_grad',
      inputs: { DY: dy!, W: w!, Up: up! },
      outputShape: [N, F],
      rows: tileCount(N, F),
      uniforms: sizes(N, F, Out),
      header: `
        fn aAt(k : i32, i : i32) -> f32 { return DY[i * uniforms.depth + k]; }
        fn bAt(k : i32, o : i32) -> f32 { return W[o * uniforms.depth + k]; }
        fn store(i : i32, o : i32, sum : f32) {
          let at = i * uniforms.n + o;
          let x = Up[at];
          ${SIGMOID}
          result[at] = sum * ${GELU_DERIVATIVE};
        }
        ${TILE_PRODUCT}`,
      body: 'tileProduct(row, lane);',
    });
  },
};
