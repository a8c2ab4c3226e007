/**
 * The decoding step as WebGPU kernels: what the plain path does per generated token in a
 * dozen small ops and reshapes, here in one kernel each (the sampling kernel: sample.ts).
 *
 * - AgonEmbed: the step's token (from the record) and position (length + step) -> the
 *   embedding row [B, D]; the plain path's one-hot matmuls add exact zeros, so equal.
 * - AgonDecodeAttentionOut: the new token's attention and the out projection after it, with
 *   its bias and the residual add. One query per (row, head) over the cache's slots and the
 *   new key and value, read straight from the qkv projection [B, 3D] (scaled, split and
 *   reshaped in place), into workgroup memory; then the projection as AgonDecodeLinear's.
 * - AgonAppendKV: the new keys and values into the preallocated cache [2, Lmax, C, dHead]
 *   at slot `len`, in place (no concat of the whole cache per token).
 *
 * Why the append is a dispatch of its own: a program run through tfjs writes one buffer (its
 * inputs are bound read-only), and the attention's is its output row.
 *
 * In-place kernels return their target's buffer as Reshape does (incRef, same dataId); the
 * caller disposes the old handle.
 */
import type { KernelConfig, TensorInfo } from '@tensorflow/tfjs';
import type { WebGPUBackend } from '@tensorflow/tfjs-backend-webgpu';
import { MAX_DECODE_LINEAR_WIDTH, projectBody } from './decode-linear';
import { inPlace, runProgram, WORKGROUP } from './program';

export const EMBED = 'AgonEmbed';
export const DECODE_ATTENTION_OUT = 'AgonDecodeAttentionOut';
export const APPEND_KV = 'AgonAppendKV';
/** The wasm backend's attention of one new token (../wasm/decode-attention.ts): output [B, D]. */
export const DECODE_ATTENTION = 'AgonDecodeAttention';

export const embedConfig: KernelConfig = {
  kernelName: EMBED,
  backendName: 'webgpu',
  kernelFunc: ({ inputs, backend, attrs }) => {
    const { wte, wpe, record, lengths } = inputs as Record<string, TensorInfo>;
    const B = lengths!.shape[0]!;
    const D = wte!.shape[1]!;
    return runProgram(backend as WebGPUBackend, {
      key: 'embed',
      inputs: { WTE: wte!, WPE: wpe!, R: record!, Len: lengths! },
      outputShape: [B, D],
      threads: B * D,
      uniforms: [
        { name: 'd', type: 'i32', value: D },
        { name: 'width', type: 'i32', value: record!.shape[1]! },
        { name: 'step', type: 'i32', value: (attrs as { step: number }).step },
      ],
      body: `
        let b = index / uniforms.d;
        let j = index % uniforms.d;
        let token = i32(R[b * uniforms.width + 1 + uniforms.step]);
        let pos = Len[b] + uniforms.step;
        result[index] = WTE[token * uniforms.d + j] + WPE[pos * uniforms.d + j];`,
    });
  },
};

function cacheUniforms(qkv: TensorInfo, cache: TensorInfo, heads: number, len: number) {
  const D = qkv.shape[1]! / 3;
  const [, lmax, C, dh] = cache.shape as [number, number, number, number];
  return {
    D,
    C,
    dh,
    uniforms: [
      { name: 'd', type: 'i32' as const, value: D },
      { name: 'c', type: 'i32' as const, value: C },
      { name: 'h', type: 'i32' as const, value: heads },
      { name: 'lmax', type: 'i32' as const, value: lmax },
      { name: 'len', type: 'i32' as const, value: len },
      { name: 'scale', type: 'f32' as const, value: 1 / Math.sqrt(dh) },
    ],
  };
}

/**
 * Inputs: qkv [B, 3D], cache [2, Lmax, C, dHead], padding [B, Lmax] (additive), w [D, D] and
 * bias [D] (the out projection), residual [B, D]; attrs heads, len (cached slots before the new
 * token). Output [B, D]: residual + attention @ w + bias.
 */
export const decodeAttentionOutConfig: KernelConfig = {
  kernelName: DECODE_ATTENTION_OUT,
  backendName: 'webgpu',
  kernelFunc: ({ inputs, backend, attrs }) => {
    const { qkv, cache, padding, w, bias, residual } = inputs as Record<string, TensorInfo>;
    const { heads, len } = attrs as { heads: number; len: number };
    const { D, dh, uniforms } = cacheUniforms(qkv!, cache!, heads, len);
    if (D > MAX_DECODE_LINEAR_WIDTH) throw new Error(`${DECODE_ATTENTION_OUT}: rows of ${D} are wider than the ${MAX_DECODE_LINEAR_WIDTH} it holds in workgroup memory`);
    const B = qkv!.shape[0]!;
    const cap = Math.ceil(D / WORKGROUP) * WORKGROUP;
    return runProgram(backend as WebGPUBackend, {
      key: `decode_attn_out_${dh}_${cap}`,
      inputs: { QKV: qkv!, Cache: cache!, Pad: padding!, W: w!, Bias: bias!, Res: residual! },
      outputShape: [B, D],
      rows: B,
      uniforms: [...uniforms, { name: 'k', type: 'i32', value: D }],
      header: `var<workgroup> xrow : array<f32, ${cap}>;`,
      // A lane per head (online softmax over the slots), its output into xrow; then every lane projects.
      body: `
        for (var head = lane; head < uniforms.h; head += ${WORKGROUP}) {
          let c = row * uniforms.h + head;
          let qi = row * 3 * uniforms.d + head * ${dh};
          var q : array<f32, ${dh}>;
          for (var n = 0; n < ${dh}; n++) { q[n] = QKV[qi + n] * uniforms.scale; }
          var m = -3.0e38;
          var sum = 0.0;
          var acc : array<f32, ${dh}>;
          for (var l = 0; l <= uniforms.len; l++) {
            var k : array<f32, ${dh}>;
            var v : array<f32, ${dh}>;
            var mask = 0.0;
            if (l < uniforms.len) {
              let ki = (l * uniforms.c + c) * ${dh};
              let vi = ((uniforms.lmax + l) * uniforms.c + c) * ${dh};
              for (var n = 0; n < ${dh}; n++) { k[n] = Cache[ki + n]; v[n] = Cache[vi + n]; }
              mask = Pad[row * uniforms.lmax + l];
            } else {
              for (var n = 0; n < ${dh}; n++) { k[n] = QKV[qi + uniforms.d + n]; v[n] = QKV[qi + 2 * uniforms.d + n]; }
            }
            var dot = 0.0;
            for (var n = 0; n < ${dh}; n++) { dot += q[n] * k[n]; }
            let x = dot + mask;
            let mNew = max(m, x);
            let scale = exp(m - mNew);
            let p = exp(x - mNew);
            sum = sum * scale + p;
            for (var n = 0; n < ${dh}; n++) { acc[n] = acc[n] * scale + p * v[n]; }
            m = mNew;
          }
          for (var n = 0; n < ${dh}; n++) { xrow[head * ${dh} + n] = acc[n] / sum; }
        }
        workgroupBarrier();
        ${projectBody({ bias: true, gelu: false, residual: true })}`,
    });
  },
};

/** Inputs: qkv [B, 3D], cache [2, Lmax, C, dHead]; attrs heads, len. Output: the cache with slot len filled, in place. */
export const appendKVConfig: KernelConfig = {
  kernelName: APPEND_KV,
  backendName: 'webgpu',
  kernelFunc: ({ inputs, backend, attrs }) => {
    const { qkv, cache } = inputs as Record<string, TensorInfo>;
    const { heads, len } = attrs as { heads: number; len: number };
    const { C, dh, uniforms } = cacheUniforms(qkv!, cache!, heads, len);
    const gpu = backend as WebGPUBackend;
    return inPlace(gpu, cache!, (output) =>
      runProgram(gpu, {
        key: `append_kv_${dh}`,
        inputs: { QKV: qkv! },
        outputShape: cache!.shape,
        threads: 2 * C * dh,
        uniforms,
        output,
        body: `
          let which = index / (uniforms.c * ${dh});
          let rem = index % (uniforms.c * ${dh});
          let c = rem / ${dh};
          let n = rem % ${dh};
          let src = (c / uniforms.h) * 3 * uniforms.d + (1 + which) * uniforms.d + (c % uniforms.h) * ${dh} + n;
          result[((which * uniforms.lmax + uniforms.len) * uniforms.c + c) * ${dh} + n] = QKV[src];`,
      }),
    );
  },
};
