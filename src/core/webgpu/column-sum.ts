/**
 * Column sums of x [N, D] -> [D] in one dispatch: a workgroup per column, its lanes each
 * summing every 64th row and then sharing the sum. The bias gradient of a linear layer (the
 * plain tf.sum over axis 0 is a transpose and a reduction on webgpu: two dispatches).
 */
import type { KernelConfig, TensorInfo } from '@tensorflow/tfjs';
import type { WebGPUBackend } from '@tensorflow/tfjs-backend-webgpu';
import { runProgram, WORKGROUP, WORKGROUP_SUM } from './program';

export const COLUMN_SUM = 'AgonColumnSum';

export const columnSumConfig: KernelConfig = {
  kernelName: COLUMN_SUM,
  backendName: 'webgpu',
  kernelFunc: ({ inputs, backend }) => {
    const { x } = inputs as Record<string, TensorInfo>;
    const [N, D] = x!.shape as [number, number];
    return runProgram(backend as WebGPUBackend, {
      key: 'column_sum',
      inputs: { X: x! },
      outputShape: [D],
      rows: D,
      uniforms: [
        { name: 'd', type: 'i32', value: D },
        { name: 'n', type: 'i32', value: N },
      ],
      header: WORKGROUP_SUM,
      body: `
        var sum = 0.0;
        for (var r = lane; r < uniforms.n; r += ${WORKGROUP}) { sum += X[r * uniforms.d + row]; }
        let total = workgroupSum(lane, vec2<f32>(sum, 0.0)).x;
        if (lane == 0) { result[row] = total; }`,
    });
  },
};
