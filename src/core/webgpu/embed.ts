/**
 * The training forward pass's embeddings as WebGPU kernels: token plus position embedding of
 * tokens [B, T] at positions 0..T-1, time-major rows t*B + b (Transformer.embed's layout), in
 * one dispatch; the plain path is a transpose, a one-hot, a matmul, a slice and an add (and
 * five dispatches backward). The one-hot matmul adds exact zeros, so the forward pass is equal.
 *
 * - AgonTokenEmbed: tokens int32 [B, T], wte [V, D], wpe [maxLen, D] -> [T*B, D].
 * - AgonTokenEmbedGrad: tokens, dy [T*B, D], attr maxLen -> dwte [V, D] (a workgroup per
 *   entry: its lanes sum the rows whose token it is) and dwpe [maxLen, D] (a workgroup per
 *   entry: its lanes sum the batch rows at that position; 0 past T).
 */
import type { KernelConfig, TensorInfo } from '@tensorflow/tfjs';
import type { WebGPUBackend } from '@tensorflow/tfjs-backend-webgpu';
import { runProgram, WORKGROUP, WORKGROUP_SUM } from './program';

export const TOKEN_EMBED = 'AgonTokenEmbed';
export const TOKEN_EMBED_GRAD = 'AgonTokenEmbedGrad';

function shapeUniforms(tokens: TensorInfo, D: number) {
  const [B, T] = tokens.shape as [number, number];
  return [
    { name: 'b', type: 'i32' as const, value: B },
    { name: 't', type: 'i32' as const, value: T },
    { name: 'd', type: 'i32' as const, value: D },
  ];
}

export const tokenEmbedConfig: KernelConfig = {
  kernelName: TOKEN_EMBED,
  backendName: 'webgpu',
  kernelFunc: ({ inputs, backend }) => {
    const { tokens, wte, wpe } = inputs as Record<string, TensorInfo>;
    const [B, T] = tokens!.shape as [number, number];
    const D = wte!.shape[1]!;
    return runProgram(backend as WebGPUBackend, {
      key: 'token_embed',
      inputs: { Tokens: tokens!, WTE: wte!, WPE: wpe! },
      outputShape: [T * B, D],
      threads: T * B * D,
      uniforms: shapeUniforms(tokens!, D),
      body: `
        let r = index / uniforms.d;
        let j = index % uniforms.d;
        let t = r / uniforms.b;
        let b = r % uniforms.b;
        result[index] = WTE[Tokens[b * uniforms.t + t] * uniforms.d + j] + WPE[t * uniforms.d + j];`,
    });
  },
};

export const tokenEmbedGradConfig: KernelConfig = {
  kernelName: TOKEN_EMBED_GRAD,
  backendName: 'webgpu',
  kernelFunc: ({ inputs, backend, attrs }) => {
    const { tokens, dy } = inputs as Record<string, TensorInfo>;
    const gpu = backend as WebGPUBackend;
    const { vocabSize, maxLen } = attrs as unknown as { vocabSize: number; maxLen: number };
    const D = dy!.shape[1]!;
    const uniforms = shapeUniforms(tokens!, D);
    const dwte = runProgram(gpu, {
      key: 'token_embed_dwte',
      inputs: { Tokens: tokens!, DY: dy! },
      outputShape: [vocabSize, D],
      rows: vocabSize * D,
      uniforms,
      header: WORKGROUP_SUM,
      body: `
        let v = row / uniforms.d;
        let j = row % uniforms.d;
        var sum = 0.0;
        for (var r = lane; r < uniforms.t * uniforms.b; r += ${WORKGROUP}) {
          if (Tokens[(r % uniforms.b) * uniforms.t + r / uniforms.b] == v) { sum += DY[r * uniforms.d + j]; }
        }
        let total = workgroupSum(lane, vec2<f32>(sum, 0.0)).x;
        if (lane == 0) { result[row] = total; }`,
    });
    const dwpe = runProgram(gpu, {
      key: 'token_embed_dwpe',
      inputs: { DY: dy! },
      outputShape: [maxLen, D],
      rows: maxLen * D,
      uniforms,
      header: WORKGROUP_SUM,
      body: `
        let p = row / uniforms.d;
        let j = row % uniforms.d;
        let rows = select(0, uniforms.b, p < uniforms.t);
        var sum = 0.0;
        for (var b = lane; b < rows; b += ${WORKGROUP}) { sum += DY[(p * uniforms.b + b) * uniforms.d + j]; }
        let total = workgroupSum(lane, vec2<f32>(sum, 0.0)).x;
        if (lane == 0) { result[row] = total; }`,
    });
    return [dwte, dwpe];
  },
};
