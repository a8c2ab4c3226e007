/**
 * GELU as x * sigmoid(1.702 x) (the model's approximation, see transformer.ts) and its
 * derivative, one WebGPU kernel each instead of three forward and about six backward.
 */
import type { KernelConfig, TensorInfo } from '@tensorflow/tfjs';
import type { WebGPUBackend } from '@tensorflow/tfjs-backend-webgpu';
import { runProgram } from './program';

export const GELU = 'AgonGelu';
export const GELU_GRAD = 'AgonGeluGrad';

/** WGSL: s, the sigmoid of 1.702 x, for a float x in scope. */
export const SIGMOID = 'let s = 1.0 / (1.0 + exp(-1.702 * x));';
/** WGSL: GELU's derivative at x, after SIGMOID. */
export const GELU_DERIVATIVE = '(s + 1.702 * x * s * (1.0 - s))';

export const geluConfig: KernelConfig = {
  kernelName: GELU,
  backendName: 'webgpu',
  kernelFunc: ({ inputs, backend }) => {
    const { x } = inputs as Record<string, TensorInfo>;
    const size = x!.shape.reduce((a, b) => a * b, 1);
    return runProgram(backend as WebGPUBackend, {
      key: 'gelu',
      inputs: { X: x! },
      outputShape: x!.shape,
      threads: size,
      body: `let x = X[index]; ${SIGMOID} result[index] = x * s;`,
    });
  },
};

/** x and dy (same shape) -> dx. */
export const geluGradConfig: KernelConfig = {
  kernelName: GELU_GRAD,
  backendName: 'webgpu',
  kernelFunc: ({ inputs, backend }) => {
    const { x, dy } = inputs as Record<string, TensorInfo>;
    const size = x!.shape.reduce((a, b) => a * b, 1);
    return runProgram(backend as WebGPUBackend, {
      key: 'gelu_grad',
      inputs: { X: x!, DY: dy! },
      outputShape: x!.shape,
      threads: size,
      body: `let x = X[index]; ${SIGMOID} result[index] = DY[index] * ${GELU_DERIVATIVE};`,
    });
  },
};
