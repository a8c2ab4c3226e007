/**
 * Causal self-attention over the time-major layout of ../model/attention.ts (queries
 * [S, C, dHead], keys and values [L, C, dHead], C = batch rows x heads, additive mask
 * [S, 1 or B, 1, L]) as WebGPU kernels: scores, mask, softmax and the weighted sum in one
 * pass per query row (an online softmax, so no [S, C, L] weights are stored), and the
 * backward pass from the rows' log-sum-exp, recomputing the weights (as FlashAttention).
 * The decoding step (S = 1 over the cache) is the same forward kernel.
 */
import type { KernelConfig, TensorInfo } from '@tensorflow/tfjs';
import type { WebGPUBackend } from '@tensorflow/tfjs-backend-webgpu';
import { runProgram, type Uniform } from './program';

export const ATTENTION = 'AgonAttention';
export const ATTENTION_GRAD = 'AgonAttentionGrad';

function shapeUniforms(q: TensorInfo, k: TensorInfo, mask: TensorInfo): Uniform[] {
  const [S, C] = q.shape as [number, number, number];
  const rows = mask.shape[1]!;
  return [
    { name: 's', type: 'i32', value: S },
    { name: 'c', type: 'i32', value: C },
    { name: 'l', type: 'i32', value: k.shape[0]! },
    { name: 'mb', type: 'i32', value: rows },
    // Channels per mask row: a mask row per batch row covers its heads.
    { name: 'group', type: 'i32', value: C / rows },
  ];
}

/** score(s, c, l): q_s . k_l plus the mask, for channel c. */
const SCORE = (dh: number) => `
  fn score(s : i32, c : i32, l : i32) -> f32 {
    let qi = (s * uniforms.c + c) * ${dh};
    let ki = (l * uniforms.c + c) * ${dh};
    var dot = 0.0;
    for (var n = 0; n < ${dh}; n++) { dot += Q[qi + n] * K[ki + n]; }
    let row = select(0, c / uniforms.group, uniforms.mb > 1);
    return dot + Mask[(s * uniforms.mb + row) * uniforms.l + l];
  }`;

/**
 * q, k, v, mask -> the attention output [S, C, dHead]; with attr withStats (training)
 * also each query row's log-sum-exp [S, C], which the backward pass needs.
 */
export const attentionConfig: KernelConfig = {
  kernelName: ATTENTION,
  backendName: 'webgpu',
  kernelFunc: ({ inputs, backend, attrs }) => {
    const { q, k, v, mask } = inputs as Record<string, TensorInfo>;
    const gpu = backend as WebGPUBackend;
    const [S, C, dh] = q!.shape as [number, number, number];
    const uniforms = shapeUniforms(q!, k!, mask!);
    const out = runProgram(gpu, {
      key: `attn_fwd_${dh}`,
      inputs: { Q: q!, K: k!, V: v!, Mask: mask! },
      outputShape: [S, C, dh],
      threads: S * C,
      uniforms,
      header: SCORE(dh),
      body: `
        let s = index / uniforms.c;
        let c = index % uniforms.c;
        var m = -3.0e38;
        var sum = 0.0;
        var acc : array<f32, ${dh}>;
        for (var l = 0; l < uniforms.l; l++) {
          let x = score(s, c, l);
          let mNew = max(m, x);
          let scale = exp(m - mNew);
          let p = exp(x - mNew);
          sum = sum * scale + p;
          let vi = (l * uniforms.c + c) * ${dh};
          for (var n = 0; n < ${dh}; n++) { acc[n] = acc[n] * scale + p * V[vi + n]; }
          m = mNew;
        }
        for (var n = 0; n < ${dh}; n++) { result[index * ${dh} + n] = acc[n] / sum; }`,
    });
    if (!(attrs as { withStats?: boolean }).withStats) return out;
    const lse = runProgram(gpu, {
      key: `attn_lse_${dh}`,
      inputs: { Q: q!, K: k!, Mask: mask! },
      outputShape: [S, C],
      threads: S * C,
      uniforms,
      header: SCORE(dh),
      body: `
        let s = index / uniforms.c;
        let c = index % uniforms.c;
        var m = -3.0e38;
        for (var l = 0; l < uniforms.l; l++) { m = max(m, score(s, c, l)); }
        var sum = 0.0;
        for (var l = 0; l < uniforms.l; l++) { sum += exp(score(s, c, l) - m); }
        result[index] = m + log(sum);`,
    });
    return [out, lse];
  },
};

/** The softmax weight p(s, l) of one (query, key) pair of channel c, from the row's log-sum-exp. */
const WEIGHT = `
  fn weight(s : i32, c : i32, l : i32) -> f32 {
    return exp(score(s, c, l) - Lse[s * uniforms.c + c]);
  }`;

/** ds = p (dp - D) of one pair (D: dy . out of the query row). */
const DSCORE = (dh: number) => `
  fn dscore(s : i32, c : i32, l : i32) -> f32 {
    let qi = (s * uniforms.c + c) * ${dh};
    let vi = (l * uniforms.c + c) * ${dh};
    var dp = 0.0;
    var dd = 0.0;
    for (var n = 0; n < ${dh}; n++) {
      dp += DY[qi + n] * V[vi + n];
      dd += DY[qi + n] * O[qi + n];
    }
    return weight(s, c, l) * (dp - dd);
  }`;

/** q, k, v, mask, the forward's output and log-sum-exp, dy -> dq, dk, dv. */
export const attentionGradConfig: KernelConfig = {
  kernelName: ATTENTION_GRAD,
  backendName: 'webgpu',
  kernelFunc: ({ inputs, backend }) => {
    const { q, k, v, mask, out, lse, dy } = inputs as Record<string, TensorInfo>;
    const gpu = backend as WebGPUBackend;
    const [S, C, dh] = q!.shape as [number, number, number];
    const L = k!.shape[0]!;
    const uniforms = shapeUniforms(q!, k!, mask!);
    // A dispatch binds only what its shader uses (auto layouts leave unused bindings out).
    const all = { Q: q!, K: k!, V: v!, Mask: mask!, O: out!, Lse: lse!, DY: dy! };
    const header = SCORE(dh) + WEIGHT + DSCORE(dh);
    // dq[s] = sum_l ds(s, l) k_l
    const dq = runProgram(gpu, {
      key: `attn_dq_${dh}`,
      inputs: all,
      outputShape: [S, C, dh],
      threads: S * C,
      uniforms,
      header,
      body: `
        let s = index / uniforms.c;
        let c = index % uniforms.c;
        var acc : array<f32, ${dh}>;
        for (var l = 0; l < uniforms.l; l++) {
          let ds = dscore(s, c, l);
          let ki = (l * uniforms.c + c) * ${dh};
          for (var n = 0; n < ${dh}; n++) { acc[n] += ds * K[ki + n]; }
        }
        for (var n = 0; n < ${dh}; n++) { result[index * ${dh} + n] = acc[n]; }`,
    });
    // dk[l] = sum_s ds(s, l) q_s;  dv[l] = sum_s p(s, l) dy_s
    const keyPass = (key: string, term: string, source: string, inputs: Record<string, TensorInfo>, functions: string) =>
      runProgram(gpu, {
        key: `${key}_${dh}`,
        inputs,
        outputShape: [L, C, dh],
        threads: L * C,
        uniforms,
        header: functions,
        body: `
          let l = index / uniforms.c;
          let c = index % uniforms.c;
          var acc : array<f32, ${dh}>;
          for (var s = 0; s < uniforms.s; s++) {
            let w = ${term};
            let qi = (s * uniforms.c + c) * ${dh};
            for (var n = 0; n < ${dh}; n++) { acc[n] += w * ${source}[qi + n]; }
          }
          for (var n = 0; n < ${dh}; n++) { result[index * ${dh} + n] = acc[n]; }`,
      });
    const dk = keyPass('attn_dk', 'dscore(s, c, l)', 'Q', all, header);
    const dv = keyPass('attn_dv', 'weight(s, c, l)', 'DY', { Q: q!, K: k!, Mask: mask!, Lse: lse!, DY: dy! }, SCORE(dh) + WEIGHT);
    return [dq, dk, dv];
  },
};
