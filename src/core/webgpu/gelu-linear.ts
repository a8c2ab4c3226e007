/**
 * The MLP's GELU folded into its matmuls (tile-product.ts), one dispatch each where the plain
 * path takes two:
 *
 * - AgonLinearGelu: x [N, In], w [In, F], bias [F] -> up = x @ w + bias and gelu(up), both
 *   [N, F] (the up projection and its activation; the backward pass needs up).
 * - AgonGeluLinearGrad: dy [N, Out], w [F, Out] and up [N, F] -> d(up) = gelu'(up) (dy w^T)
 *   [N, F] (the down projection's input gradient, then GELU's).
 */
import type { KernelConfig, TensorInfo } from '@tensorflow/tfjs';
import type { WebGPUBackend } from '@tensorflow/tfjs-backend-webgpu';
import { GELU_DERIVATIVE, SIGMOID } from './gelu';
import { runMultiOutput, runProgram } from './program';
import { tileCount, TILE_PRODUCT } from './tile-product';

export const LINEAR_GELU = 'AgonLinearGelu';
export const GELU_LINEAR_GRAD = 'AgonGeluLinearGrad';

const sizes = (m: number, n: number, depth: number) => [
  { name: 'm', type: 'i32' as const, value: m },
  { name: 'n', type: 'i32' as const, value: n },
  { name: 'depth', type: 'i32' as const, value: depth },
];

export const linearGeluConfig: KernelConfig = {
  kernelName: LINEAR_GELU,
  backendName: 'webgpu',
  kernelFunc: ({ inputs, backend }) => {
    const { x, w, bias } = inputs as Record<string, TensorInfo>;
    const [N, In] = x!.shape as [number, number];
    const F = w!.shape[1]!;
    const [up, activated] = runMultiOutput(backend as WebGPUBackend, {
      key: 'linear_gelu',
      inputs: { X: x!, W: w!, Bias: bias! },
      outputs: { Up: [N, F], Activated: [N, F] },
      rows: tileCount(N, F),
      uniforms: sizes(N, F, In),
      header: `
        fn aAt(k : i32, i : i32) -> f32 { return X[i * uniforms.depth + k]; }
        fn bAt(k : i32, o : i32) -> f32 { return W[k * uniforms.n + o]; }
        fn store(i : i32, o : i32, sum : f32) {
          let at = i * uniforms.n + o;
          let x = sum + Bias[o];
          ${SIGMOID}
          Up[at] = x;
          Activated[at] = x * s;
        }
        ${TILE_PRODUCT}`,
      body: 'tileProduct(row, lane);',
    });
    return [up!, activated!];
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
