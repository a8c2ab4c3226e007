/**
 * The decoding step as WebGPU kernels (issue 12): what the plain path does per generated
 * token in a dozen small ops and reshapes, here in one kernel each.
 *
 * - AgonSample: logits [B, V] -> temperature -> top-p -> the token the seeded uniform
 *   picks, its log-prob under the raw model, and the finished flag, written in place into
 *   the rollout record [B, 1 + 2N] (column 0: finished, then N tokens, then N log-probs),
 *   so the rollout reads back one tensor. Op for op as chooseTokens/pickNext/tokenLogProbs (nucleus.ts,
 *   sampler.ts): the same inverse CDF over the same order (index order without a top-p cut,
 *   descending logits with one), so a uniform picks the same token.
 * - AgonEmbed: the step's token (from the record) and position (length + step) -> the
 *   embedding row [B, D]; the plain path's one-hot matmuls add exact zeros, so equal.
 * - AgonDecodeAttention: one query per channel over the cache's slots and the new key and
 *   value, read straight from the qkv projection [B, 3D] (scaled, split and reshaped in
 *   place), output [B, D] as the next projection wants it.
 * - AgonAppendKV: the new keys and values into the preallocated cache [2, Lmax, C, dHead]
 *   at slot `len`, in place (no concat of the whole cache per token).
 *
 * In-place kernels return their target's buffer as Reshape does (incRef, same dataId); the
 * caller disposes the old handle.
 */
import type { KernelConfig, TensorInfo } from '@tensorflow/tfjs';
import type { WebGPUBackend } from '@tensorflow/tfjs-backend-webgpu';
import { runProgram } from './program';

export const SAMPLE = 'AgonSample';
export const EMBED = 'AgonEmbed';
export const DECODE_ATTENTION = 'AgonDecodeAttention';
export const APPEND_KV = 'AgonAppendKV';

export interface SampleAttrs {
  step: number;
  temperature: number;
  topP: number;
  eosId: number;
  padId: number;
}

/** Writes into `target` and hands back its buffer as a new tensor (as Reshape). */
function inPlace(gpu: WebGPUBackend, target: TensorInfo, run: (output: TensorInfo) => void): TensorInfo {
  run(target);
  // A read-back caches the values on the CPU (and tfjs then answers reads, and runs small
  // ops, from that copy): after writing in place the GPU buffer is the only truth.
  (gpu.tensorMap.get(target.dataId) as { values: unknown }).values = null;
  gpu.incRef(target.dataId);
  return { dataId: target.dataId, shape: target.shape, dtype: target.dtype };
}

/** Inputs: logits [B, V], u [B] (the seeded uniforms), record [B, 1 + 2N]. Output: the record, updated in place. */
export const sampleConfig: KernelConfig = {
  kernelName: SAMPLE,
  backendName: 'webgpu',
  kernelFunc: ({ inputs, backend, attrs }) => {
    const { logits, u, record } = inputs as Record<string, TensorInfo>;
    const a = attrs as unknown as SampleAttrs;
    const gpu = backend as WebGPUBackend;
    const [B, V] = logits!.shape as [number, number];
    const width = record!.shape[1]!;
    const n = (width - 1) / 2;
    const mode = a.temperature <= 0 ? 'greedy' : a.topP >= 1 ? 'full' : 'nucleus';
    return inPlace(gpu, record!, (output) =>
      runProgram(gpu, {
        key: `sample_${mode}_${a.temperature === 1 ? 't1' : 'tn'}`,
        // A dispatch binds only what its shader uses: greedy draws no uniform.
        inputs: mode === 'greedy' ? { Logits: logits! } : { Logits: logits!, U: u! },
        outputShape: record!.shape,
        threads: B,
        output,
        uniforms: [
          { name: 'v', type: 'i32', value: V },
          { name: 'width', type: 'i32', value: width },
          { name: 'step', type: 'i32', value: a.step },
          { name: 'n', type: 'i32', value: n },
          { name: 'temp', type: 'f32', value: a.temperature },
          { name: 'topP', type: 'f32', value: a.topP },
          { name: 'eos', type: 'i32', value: a.eosId },
          { name: 'pad', type: 'i32', value: a.padId },
        ],
        header: `
          fn scaled(row : i32, i : i32) -> f32 {
            ${a.temperature === 1 ? 'return Logits[row + i];' : 'return Logits[row + i] / uniforms.temp;'}
          }
          // Rank order of top-k: larger first, ties by lower index.
          fn before(x : f32, i : i32, y : f32, j : i32) -> bool {
            return x > y || (x == y && i < j);
          }
          // The next token after (px, pi) in rank order (pi = -1: the first).
          fn nextRanked(row : i32, px : f32, pi : i32) -> i32 {
            var best = -1;
            var bx = 0.0;
            for (var i = 0; i < uniforms.v; i++) {
              let x = scaled(row, i);
              if (pi >= 0 && !before(px, pi, x, i)) { continue; }
              if (best < 0 || before(x, i, bx, best)) { best = i; bx = x; }
            }
            return best;
          }`,
        body: `
          let row = index * uniforms.v;
          var mx = -3.0e38;
          var arg = 0;
          for (var i = 0; i < uniforms.v; i++) {
            let x = Logits[row + i];
            if (x > mx) { mx = x; arg = i; }
          }
          var drawn = arg;
          ${DRAW[mode]}
          // log p(drawn) at temperature 1 (logSoftmax).
          var total1 = 0.0;
          for (var i = 0; i < uniforms.v; i++) { total1 += exp(Logits[row + i] - mx); }
          let base = index * uniforms.width;
          let done = result[base] > 0.5;
          var token = drawn;
          var lp = Logits[row + drawn] - mx - log(total1);
          if (done) { token = uniforms.pad; lp = 0.0; }
          result[base] = select(0.0, 1.0, done || token == uniforms.eos);
          result[base + 1 + uniforms.step] = f32(token);
          result[base + 1 + uniforms.n + uniforms.step] = lp;`,
      }),
    );
  },
};

const DRAW: Record<'greedy' | 'full' | 'nucleus', string> = {
  greedy: '',
  // softmax(logits / T), cumsum in index order, first slot whose mass exceeds u * total.
  full: `
    var m = -3.0e38;
    for (var i = 0; i < uniforms.v; i++) { m = max(m, scaled(row, i)); }
    var sum = 0.0;
    for (var i = 0; i < uniforms.v; i++) { sum += exp(scaled(row, i) - m); }
    var total = 0.0;
    for (var i = 0; i < uniforms.v; i++) { total += exp(scaled(row, i) - m) / sum; }
    let goal = U[index] * total;
    var cdf = 0.0;
    var count = 0;
    for (var i = 0; i < uniforms.v; i++) {
      cdf += exp(scaled(row, i) - m) / sum;
      if (cdf - goal <= 0.0) { count++; }
    }
    drawn = min(count, uniforms.v - 1);`,
  // Descending order; keep a token while the mass before it is below topP; inverse CDF over the kept mass.
  nucleus: `
    var m = -3.0e38;
    for (var i = 0; i < uniforms.v; i++) { m = max(m, scaled(row, i)); }
    var sum = 0.0;
    for (var i = 0; i < uniforms.v; i++) { sum += exp(scaled(row, i) - m); }
    var kept = 0.0;
    var cum = 0.0;
    var pi = -1;
    var px = 0.0;
    for (var k = 0; k < uniforms.v; k++) {
      pi = nextRanked(row, px, pi);
      px = scaled(row, pi);
      let p = exp(px - m) / sum;
      cum += p;
      if (cum - p < uniforms.topP) { kept += p; }
    }
    let goal = U[index] * kept;
    cum = 0.0;
    var cdf = 0.0;
    pi = -1;
    px = 0.0;
    var found = false;
    for (var k = 0; k < uniforms.v; k++) {
      pi = nextRanked(row, px, pi);
      px = scaled(row, pi);
      let p = exp(px - m) / sum;
      cum += p;
      if (cum - p < uniforms.topP) { cdf += p; }
      if (!found && (cdf - goal > 0.0 || k == uniforms.v - 1)) { drawn = pi; found = true; }
    }`,
};

/** Inputs: wte [V, D], wpe [maxLen, D], record [B, 1 + 2N], lengths int32 [B]; attr step. Output [B, D]. */
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
 * Inputs: qkv [B, 3D], cache [2, Lmax, C, dHead], padding [B, Lmax] (additive); attrs heads,
 * len (cached slots before the new token). Output [B, D]: the attention of the new token.
 */
export const decodeAttentionConfig: KernelConfig = {
  kernelName: DECODE_ATTENTION,
  backendName: 'webgpu',
  kernelFunc: ({ inputs, backend, attrs }) => {
    const { qkv, cache, padding } = inputs as Record<string, TensorInfo>;
    const { heads, len } = attrs as { heads: number; len: number };
    const { D, C, dh, uniforms } = cacheUniforms(qkv!, cache!, heads, len);
    const B = qkv!.shape[0]!;
    return runProgram(backend as WebGPUBackend, {
      key: `decode_attn_${dh}`,
      inputs: { QKV: qkv!, Cache: cache!, Pad: padding! },
      outputShape: [B, D],
      threads: C,
      uniforms,
      body: `
        let b = index / uniforms.h;
        let qi = b * 3 * uniforms.d + (index % uniforms.h) * ${dh};
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
            let ki = (l * uniforms.c + index) * ${dh};
            let vi = ((uniforms.lmax + l) * uniforms.c + index) * ${dh};
            for (var n = 0; n < ${dh}; n++) { k[n] = Cache[ki + n]; v[n] = Cache[vi + n]; }
            mask = Pad[b * uniforms.lmax + l];
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
        for (var n = 0; n < ${dh}; n++) { result[index * ${dh} + n] = acc[n] / sum; }`,
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
