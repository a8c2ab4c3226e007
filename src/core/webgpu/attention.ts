/**
 * Causal self-attention over the time-major layout of ../model/attention.ts (queries
 * [S, C, dHead], keys and values [L, C, dHead], C = batch rows x heads, additive mask
 * [S, 1 or B, 1, L]) as WebGPU kernels: scores, mask, softmax and the weighted sum in one
 * pass per query row (an online softmax, so no [S, C, L] weights are stored), and the
 * backward pass from the rows' log-sum-exp, recomputing the weights (as FlashAttention).
 * The decoding step (S = 1 over the cache) is the same forward kernel.
 *
 * Two layouts of q, k and v: three tensors [S, C, dHead] (keys and values [L, C, dHead]), or
 * in training the q/k/v projection itself, qkv [S*B, 3D] (row s*B + b: the queries, keys and
 * values of every head side by side), read in place and the queries scaled by 1/sqrt(dHead)
 * as they are read; its gradient is then one dqkv [S*B, 3D] in one dispatch (threads for dq,
 * then threads for dk and dv together). So no split, scale or concat around the kernels.
 * In training the forward pass writes its output and the rows' log-sum-exp in one dispatch.
 */
import type { KernelConfig, TensorInfo } from '@tensorflow/tfjs';
import type { WebGPUBackend } from '@tensorflow/tfjs-backend-webgpu';
import { runMultiOutput, runProgram, type Uniform } from './program';

export const ATTENTION = 'AgonAttention';
export const ATTENTION_GRAD = 'AgonAttentionGrad';

/** Where a layout keeps q, k and v; the kernels read them through qAt/kAt/vAt and readQ/readK/readV. */
interface Layout {
  key: string;
  S: number;
  C: number;
  L: number;
  dh: number;
  /** The tensors the layout reads q, k and v from, by binding name. */
  inputs: Record<string, TensorInfo>;
  uniforms: Uniform[];
  /**
   * qAt(s, c), kAt(l, c), vAt(l, c): offsets of a row's dHead values; readQ (scaled), readK,
   * and with `values` readV (a shader that reads no values must not name their binding).
   */
  header: (values: boolean) => string;
}

function maskUniforms(C: number, L: number, mask: TensorInfo): Uniform[] {
  const rows = mask.shape[1]!;
  return [
    { name: 's', type: 'i32', value: mask.shape[0]! },
    { name: 'c', type: 'i32', value: C },
    { name: 'l', type: 'i32', value: L },
    { name: 'mb', type: 'i32', value: rows },
    // Channels per mask row: a mask row per batch row covers its heads.
    { name: 'group', type: 'i32', value: C / rows },
  ];
}

/** q [S, C, dh], k and v [L, C, dh]. */
function separate(q: TensorInfo, k: TensorInfo, v: TensorInfo, mask: TensorInfo): Layout {
  const [S, C, dh] = q.shape as [number, number, number];
  const L = k.shape[0]!;
  return {
    key: `${dh}`,
    S,
    C,
    L,
    dh,
    inputs: { Q: q, K: k, V: v },
    uniforms: [...maskUniforms(C, L, mask), { name: 'scale', type: 'f32', value: 1 }],
    header: (values) => `
      fn qAt(s : i32, c : i32) -> i32 { return (s * uniforms.c + c) * ${dh}; }
      fn kAt(l : i32, c : i32) -> i32 { return (l * uniforms.c + c) * ${dh}; }
      fn vAt(l : i32, c : i32) -> i32 { return (l * uniforms.c + c) * ${dh}; }
      fn readQ(i : i32) -> f32 { return Q[i]; }
      fn readK(i : i32) -> f32 { return K[i]; }
      ${values ? 'fn readV(i : i32) -> f32 { return V[i]; }' : ''}`,
  };
}

/** qkv [S*B, 3D] (self-attention: L = S), `heads` heads; channel c = b * heads + h. */
function packed(qkv: TensorInfo, mask: TensorInfo, heads: number): Layout {
  const S = mask.shape[0]!;
  const [N, D3] = qkv.shape as [number, number];
  const B = N / S;
  const D = D3 / 3;
  const dh = D / heads;
  const C = B * heads;
  // Compile-time: dh and heads (the shader key), so D. The batch rows are a uniform.
  const base = `(s * uniforms.rows + c / ${heads}) * ${D3} + (c % ${heads}) * ${dh}`;
  return {
    key: `qkv_${dh}_${heads}`,
    S,
    C,
    L: S,
    dh,
    inputs: { QKV: qkv },
    uniforms: [...maskUniforms(C, S, mask), { name: 'scale', type: 'f32', value: 1 / Math.sqrt(dh) }, { name: 'rows', type: 'i32', value: B }],
    header: () => `
      fn qAt(s : i32, c : i32) -> i32 { return ${base}; }
      fn kAt(s : i32, c : i32) -> i32 { return ${base} + ${D}; }
      fn vAt(s : i32, c : i32) -> i32 { return ${base} + ${2 * D}; }
      fn readQ(i : i32) -> f32 { return QKV[i] * uniforms.scale; }
      fn readK(i : i32) -> f32 { return QKV[i]; }
      fn readV(i : i32) -> f32 { return QKV[i]; }`,
  };
}

/** The layout's inputs less the values (for shaders that read no values: unused bindings must be left out). */
function withoutValues(layout: Layout): Record<string, TensorInfo> {
  return Object.fromEntries(Object.entries(layout.inputs).filter(([name]) => name !== 'V'));
}

/** The layout of a kernel's inputs: q, k and v, or qkv with attr heads. */
function layoutOf(inputs: Record<string, TensorInfo>, attrs: unknown): Layout {
  const { q, k, v, qkv, mask } = inputs;
  return qkv ? packed(qkv, mask!, (attrs as { heads: number }).heads) : separate(q!, k!, v!, mask!);
}

/** score(s, c, l): the (scaled) q_s . k_l plus the mask, for channel c. */
const SCORE = (dh: number) => `
  fn score(s : i32, c : i32, l : i32) -> f32 {
    let qi = qAt(s, c);
    let ki = kAt(l, c);
    var dot = 0.0;
    for (var n = 0; n < ${dh}; n++) { dot += readQ(qi + n) * readK(ki + n); }
    let row = select(0, c / uniforms.group, uniforms.mb > 1);
    return dot + Mask[(s * uniforms.mb + row) * uniforms.l + l];
  }`;

/**
 * q, k, v (or qkv with attr heads), mask -> the attention output [S, C, dHead] (for qkv,
 * [S*B, D] as the out projection takes it); with attr withStats (training) also each
 * query row's log-sum-exp [S, C], which the backward pass needs.
 */
export const attentionConfig: KernelConfig = {
  kernelName: ATTENTION,
  backendName: 'webgpu',
  kernelFunc: ({ inputs, backend, attrs }) => {
    const named = inputs as Record<string, TensorInfo>;
    const gpu = backend as WebGPUBackend;
    const layout = layoutOf(named, attrs);
    const { S, C, dh, uniforms } = layout;
    const mask = named.mask!;
    const outputShape = named.qkv ? [S * (C / (attrs as { heads: number }).heads), named.qkv.shape[1]! / 3] : [S, C, dh];
    // The online softmax over the keys: running max m, sum and weighted values acc.
    const body = (write: string) => `
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
          let vi = vAt(l, c);
          for (var n = 0; n < ${dh}; n++) { acc[n] = acc[n] * scale + p * readV(vi + n); }
          m = mNew;
        }
        ${write}`;
    const spec = { inputs: { ...layout.inputs, Mask: mask }, threads: S * C, uniforms, header: layout.header(true) + SCORE(dh) };
    if (!(attrs as { withStats?: boolean }).withStats) {
      return runProgram(gpu, { ...spec, key: `attn_fwd_${layout.key}`, outputShape, body: body(`for (var n = 0; n < ${dh}; n++) { result[index * ${dh} + n] = acc[n] / sum; }`) });
    }
    // Training: the output and each row's log-sum-exp, in one dispatch with two outputs.
    const [out, lse] = runMultiOutput(gpu, {
      ...spec,
      key: `attn_fwd_lse_${layout.key}`,
      outputs: { Out: outputShape, RowLse: [S, C] },
      body: body(`
        for (var n = 0; n < ${dh}; n++) { Out[index * ${dh} + n] = acc[n] / sum; }
        RowLse[index] = m + log(sum);`),
    });
    return [out!, lse!];
  },
};

/** The softmax weight p(s, l) of one (query, key) pair of channel c, from the row's log-sum-exp. */
const WEIGHT = `
  fn weight(s : i32, c : i32, l : i32) -> f32 {
    return exp(score(s, c, l) - Lse[s * uniforms.c + c]);
  }`;

/** ds = p (dp - D) of one pair (D: dy . out of the query row; dy and out are [S, C, dh]); dscoreOver is dp - D. */
const DSCORE = (dh: number) => `
  fn dscoreOver(s : i32, c : i32, l : i32) -> f32 {
    let oi = (s * uniforms.c + c) * ${dh};
    let vi = vAt(l, c);
    var dp = 0.0;
    var dd = 0.0;
    for (var n = 0; n < ${dh}; n++) {
      dp += DY[oi + n] * readV(vi + n);
      dd += DY[oi + n] * O[oi + n];
    }
    return dp - dd;
  }
  fn dscore(s : i32, c : i32, l : i32) -> f32 { return weight(s, c, l) * dscoreOver(s, c, l); }`;

/**
 * q, k, v (or qkv with attr heads), mask, the forward's output and log-sum-exp, dy -> dq, dk,
 * dv (or one dqkv [S*B, 3D]). dq is with respect to the unscaled queries (times the scale).
 */
export const attentionGradConfig: KernelConfig = {
  kernelName: ATTENTION_GRAD,
  backendName: 'webgpu',
  kernelFunc: ({ inputs, backend, attrs }) => {
    const named = inputs as Record<string, TensorInfo>;
    const { mask, out, lse, dy } = named;
    const gpu = backend as WebGPUBackend;
    const layout = layoutOf(named, attrs);
    const { S, C, L, dh, uniforms } = layout;
    // A dispatch binds only what its shader uses (auto layouts leave unused bindings out).
    const all = { ...layout.inputs, Mask: mask!, O: out!, Lse: lse!, DY: dy! };
    const header = layout.header(true) + SCORE(dh) + WEIGHT + DSCORE(dh);
    // dq[s] = scale * sum_l ds(s, l) k_l, query row i = s * C + c.
    const dqBody = (i: string) => `
        let s = ${i} / uniforms.c;
        let c = ${i} % uniforms.c;
        var acc : array<f32, ${dh}>;
        for (var l = 0; l < uniforms.l; l++) {
          let ds = dscore(s, c, l);
          let ki = kAt(l, c);
          for (var n = 0; n < ${dh}; n++) { acc[n] += ds * readK(ki + n); }
        }
        let qi = qAt(s, c);
        for (var n = 0; n < ${dh}; n++) { result[qi + n] = acc[n] * uniforms.scale; }`;
    if (named.qkv) {
      // One dispatch writes dqkv: the first S*C threads dq (a query row each), the next L*C dk
      // and dv (a key row each, one loop over the queries for both).
      const dqkv = runProgram(gpu, {
        key: `attn_dqkv_${layout.key}`,
        inputs: all,
        outputShape: named.qkv.shape,
        threads: (S + L) * C,
        uniforms,
        header,
        body: `
          if (index < uniforms.s * uniforms.c) {
            ${dqBody('index')}
          } else {
            let l = (index - uniforms.s * uniforms.c) / uniforms.c;
            let c = index % uniforms.c;
            var accK : array<f32, ${dh}>;
            var accV : array<f32, ${dh}>;
            for (var s = 0; s < uniforms.s; s++) {
              let p = weight(s, c, l);
              let ds = p * dscoreOver(s, c, l);
              let qi = qAt(s, c);
              let oi = (s * uniforms.c + c) * ${dh};
              for (var n = 0; n < ${dh}; n++) {
                accK[n] += ds * readQ(qi + n);
                accV[n] += p * DY[oi + n];
              }
            }
            let ki = kAt(l, c);
            let vi = vAt(l, c);
            for (var n = 0; n < ${dh}; n++) {
              result[ki + n] = accK[n];
              result[vi + n] = accV[n];
            }
          }`,
      });
      return [dqkv];
    }
    const dq = runProgram(gpu, { key: `attn_dq_${layout.key}`, inputs: all, outputShape: [S, C, dh], threads: S * C, uniforms, header, body: dqBody('index') });
    // dk[l] = sum_s ds(s, l) q_s (scaled);  dv[l] = sum_s p(s, l) dy_s
    const keyPass = (key: string, term: string, source: (qi: string) => string, target: string, inputs: Record<string, TensorInfo>, functions: string) =>
      runProgram(gpu, {
        key: `${key}_${layout.key}`,
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
            for (var n = 0; n < ${dh}; n++) { acc[n] += w * ${source('qi + n')}; }
          }
          let at = ${target};
          for (var n = 0; n < ${dh}; n++) { result[at + n] = acc[n]; }`,
      });
    // dk reads q through qAt (its layout); dv reads dy, which is [S, C, dh].
    const dk = keyPass('attn_dk', 'dscore(s, c, l)', () => 'readQ(qAt(s, c) + n)', 'kAt(l, c)', all, header);
    const dv = keyPass('attn_dv', 'weight(s, c, l)', (i) => `DY[${i}]`, 'vAt(l, c)', { ...withoutValues(layout), Mask: mask!, Lse: lse!, DY: dy! }, layout.header(false) + SCORE(dh) + WEIGHT);
    return [dq, dk, dv];
  },
};
