/**
 * A block's residual add folded into its projection, in one dispatch: residual [N, Out] +
 * (x [N, In] @ w [In, Out] + bias [Out]), in that order of adds (the plain path's fused
 * matmul, then the add: two dispatches). The product is tile-product.ts's, A = x^T.
 */
import type { KernelConfig, TensorInfo } from '@tensorflow/tfjs';
import type { WebGPUBackend } from '@tensorflow/tfjs-backend-webgpu';
import { runProgram } from './program';
import { tileCount, TILE_PRODUCT } from './tile-product';

export const RESIDUAL_LINEAR = 'AgonResidualLinear';

export const residualLinearConfig: KernelConfig = {
  kernelName: RESIDUAL_LINEAR,
  backendName: 'webgpu',
  kernelFunc: ({ inputs, backend }) => {
    const { x, w, bias, residual } = inputs as Record<string, TensorInfo>;
    const [N, In] = x!.shape as [number, number];
    const Out = w!.shape[1]!;
    return runProgram(backend as WebGPUBackend, {
      key: 'residual_linear',
      inputs: { X: x!, W: w!, Bias: bias!, Residual: residual! },
      outputShape: [N, Out],
      rows: tileCount(N, Out),
      uniforms: [
        { name: 'm', type: 'i32', value: N },
        { name: 'n', type: 'i32', value: Out },
        { name: 'depth', type: 'i32', value: In },
      ],
      header: `
        fn aAt(k : i32, i : i32) -> f32 { return X[i * uniforms.depth + k]; }
        fn bAt(k : i32, o : i32) -> f32 { return W[k * uniforms.n + o]; }
        fn store(i : i32, o : i32, sum : f32) {
          let at = i * uniforms.n + o;
          result[at] = Residual[at] + (sum + Bias[o]);
        }
        ${TILE_PRODUCT}`,
      body: 'tileProduct(row, lane);',
    });
  },
};
