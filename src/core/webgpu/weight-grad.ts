/**
 * A linear layer's weight and bias gradients in one dispatch: x [N, In] and dy [N, Out] ->
 * dw = x^T dy [In, Out] and db [Out], the column sums of dy. The bias is the product's row In,
 * read as a column of ones beside x (tile-product.ts), so it costs one more row of blocks and
 * no dispatch of its own (the plain path: a matmul, and a transpose and a reduction). With gain,
 * lnBias [In] and stats [N, 2] the layer's input is layerNorm(x), normalized as it is read
 * (norm-on-load.ts), so the normalized rows need not be stored.
 */
import type { KernelConfig, TensorInfo } from '@tensorflow/tfjs';
import type { WebGPUBackend } from '@tensorflow/tfjs-backend-webgpu';
import { NORMED_FROM_STATS } from './norm-on-load';
import { runMultiOutput } from './program';
import { tileCount, TILE_PRODUCT } from './tile-product';

export const WEIGHT_GRAD = 'AgonWeightGrad';

export const weightGradConfig: KernelConfig = {
  kernelName: WEIGHT_GRAD,
  backendName: 'webgpu',
  kernelFunc: ({ inputs, backend }) => {
    const { x, dy, gain, lnBias, stats } = inputs as Record<string, TensorInfo>;
    const norm = gain && lnBias && stats && { Gain: gain, LnBias: lnBias, Stats: stats };
    const [N, In] = x!.shape as [number, number];
    const Out = dy!.shape[1]!;
    const [dw, db] = runMultiOutput(backend as WebGPUBackend, {
      key: norm ? 'weight_grad_norm' : 'weight_grad',
      inputs: { X: x!, DY: dy!, ...norm },
      outputs: { DW: [In, Out], DB: [Out] },
      rows: tileCount(In + 1, Out),
      uniforms: [
        { name: 'm', type: 'i32', value: In + 1 },
        { name: 'n', type: 'i32', value: Out },
        { name: 'depth', type: 'i32', value: N },
      ],
      header: `
        fn aAt(k : i32, i : i32) -> f32 {
          if (i == uniforms.m - 1) { return 1.0; }
          return ${norm ? 'normedAt(k, i)' : 'X[k * (uniforms.m - 1) + i]'};
        }
        ${norm ? NORMED_FROM_STATS : ''}
        fn bAt(k : i32, o : i32) -> f32 { return DY[k * uniforms.n + o]; }
        fn store(i : i32, o : i32, sum : f32) {
          if (i < uniforms.m - 1) { DW[i * uniforms.n + o] = sum; } else { DB[o] = sum; }
        }
        ${TILE_PRODUCT}`,
      body: 'tileProduct(row, lane);',
    });
    return [dw!, db!];
  },
};
