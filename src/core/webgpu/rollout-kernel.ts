/**
 * AgonRollout: a whole rollout stage in one dispatch. A workgroup per row runs the row's
 * prompt and then every new token through the model, one slot at a time: the embedding,
 * each layer (LayerNorm, the q/k/v projection, its keys and values into the row's cache,
 * attention, the out projection, LayerNorm, up with GELU, down, the residual adds), and from
 * the last prompt slot on the final LayerNorm, the head and sample.ts's draw into the rollout
 * record [B, 1 + 2N], the only output (read back once).
 *
 * Storage: the weights packed into one buffer (pack-buffers.ts: copies, no dispatch), the
 * prompts and their lengths, the per-token uniforms [N, B] (the seeded draws the other paths
 * make, in their order), the KV cache [B, layers, 2, P + N - 1, D] as scratch. Workgroup
 * memory: the residual row, the normed row, one scratch row (the q/k/v projection, then the
 * MLP's hidden row) and the logits, plus the draw's arrays: see rolloutKernelMisfit for the limits.
 *
 * Same arithmetic as the one-token kernels (decode-linear.ts, decode.ts, head-sample.ts):
 * columns a lane, sums in index order, online softmax a lane per head. The prompt's slots
 * are computed one at a time, not as the prefill's matmuls, so its keys and values differ
 * from the other paths' in the last bits; the pads are skipped, not masked (their weight is
 * an exact zero either way).
 */
import type { KernelConfig, TensorInfo } from '@tensorflow/tfjs';
import type { WebGPUBackend } from '@tensorflow/tfjs-backend-webgpu';
import { packedOffsets, packTensors } from './pack-buffers';
import { runMultiOutput, WORKGROUP, WORKGROUP_SUM } from './program';
import { MAX_NUCLEUS_VOCAB, samplingShader, type SampleAttrs } from './sample';

export const ROLLOUT = 'AgonRollout';

/** Weights of a layer, in the packed order. */
export const ROLLOUT_LAYER_WEIGHTS = ['ln1Gain', 'ln1Bias', 'wQKV', 'bQKV', 'wOut', 'bOut', 'ln2Gain', 'ln2Bias', 'wUp', 'bUp', 'wDown', 'bDown'] as const;
/** Weights outside the layers, in the packed order (before the layers). */
export const ROLLOUT_MODEL_WEIGHTS = ['tokenEmbedding', 'positionEmbedding', 'lnFinalGain', 'lnFinalBias', 'head'] as const;

export interface RolloutAttrs extends Omit<SampleAttrs, 'step'> {
  heads: number;
  epsilon: number;
}

export interface RolloutShape {
  rows: number;
  /** Padded prompt length P. */
  prompt: number;
  maxNew: number;
  dModel: number;
  heads: number;
  dFF: number;
  vocab: number;
  layers: number;
  /** Positions the position table holds (the model's maxLen). */
  positions: number;
}

const cap = (n: number) => Math.ceil(n / WORKGROUP) * WORKGROUP;

/** Floats of workgroup memory: the residual, normed and scratch rows, the logits, the draw's arrays (nucleus: 3 a logit), the lane sums. */
function workgroupFloats(s: RolloutShape, nucleus: boolean): number {
  return 2 * cap(s.dModel) + cap(Math.max(3 * s.dModel, s.dFF)) + cap(s.vocab) * (nucleus ? 4 : 1) + 6 * WORKGROUP + 4 + 2 * WORKGROUP;
}

/** Bytes of the KV cache scratch: [B, layers, 2, P + N - 1, D]. */
const cacheBytes = (s: RolloutShape) => 4 * s.rows * s.layers * 2 * (s.prompt + s.maxNew - 1) * s.dModel;

/** Why the kernel cannot run this shape on this device (null: it can). */
export function rolloutKernelMisfit(s: RolloutShape, nucleus: boolean, limits: GPUSupportedLimits): string | null {
  const bytes = 4 * workgroupFloats(s, nucleus);
  if (bytes > limits.maxComputeWorkgroupStorageSize) return `rows need ${bytes} bytes of workgroup memory, over the device's ${limits.maxComputeWorkgroupStorageSize}`;
  for (const [what, size] of [['the KV cache', cacheBytes(s)], ['the packed weights', 4 * layout(s).total]] as const) {
    if (size > limits.maxStorageBufferBindingSize) return `${what} needs ${size} bytes, over the device's ${limits.maxStorageBufferBindingSize} a binding`;
  }
  if (nucleus && s.vocab > MAX_NUCLEUS_VOCAB) return `top-p over a vocabulary of ${s.vocab} (at most ${MAX_NUCLEUS_VOCAB})`;
  return null;
}

/** Each weight's offset in the packed buffer, by name (a layer's from the layer's start), the layers' start, a layer's size and the total. */
function layout(s: RolloutShape) {
  const { dModel: D, dFF: F, vocab: V } = s;
  const model = packedOffsets([V * D, s.positions * D, D, D, D * V]);
  const layer = packedOffsets([D, D, D * 3 * D, 3 * D, D * D, D, D, D, D * F, F, F * D, D]);
  const at: Record<string, number> = {};
  ROLLOUT_MODEL_WEIGHTS.forEach((n, i) => (at[n] = model.offsets[i]!));
  ROLLOUT_LAYER_WEIGHTS.forEach((n, i) => (at[n] = layer.offsets[i]!));
  return { at, layers: model.total, layerSize: layer.total, total: model.total + s.layers * layer.total };
}

/** `out[col] (+)= [gelu](input @ W[w] + W[bias])` for every column, lanes taking every 64th, summing in index order (decode-linear.ts's). */
function project(p: { input: string; width: number | string; w: string; k: number | string; bias: string | null; gelu?: boolean; out: string; residual?: boolean }): string {
  return `
    for (var col = lane; col < ${p.k}; col += ${WORKGROUP}) {
      var acc = 0.0;
      for (var j = 0; j < ${p.width}; j++) { acc += ${p.input}[j] * Wt[${p.w} + j * ${p.k} + col]; }
      ${p.bias ? `acc += Wt[${p.bias} + col];` : ''}
      ${p.gelu ? 'let sg = 1.0 / (1.0 + exp(-1.702 * acc)); acc = acc * sg;' : ''}
      ${p.residual ? `acc = ${p.out}[col] + acc;` : ''}
      ${p.out}[col] = acc;
    }
    workgroupBarrier();`;
}

/** LayerNorm of the residual row xres into xrow (two passes, as decode-linear.ts's ROW_STATS). */
const norm = (D: number, gain: string, bias: string) => `{
    var s0 = 0.0;
    for (var j = lane; j < ${D}; j += ${WORKGROUP}) { s0 += xres[j]; }
    let mean = workgroupSum(lane, vec2<f32>(s0, 0.0)).x / f32(${D});
    var q0 = 0.0;
    for (var j = lane; j < ${D}; j += ${WORKGROUP}) { let c = xres[j] - mean; q0 += c * c; }
    let rstd = inverseSqrt(workgroupSum(lane, vec2<f32>(q0, 0.0)).x / f32(${D}) + uniforms.epsilon);
    for (var j = lane; j < ${D}; j += ${WORKGROUP}) { xrow[j] = (xres[j] - mean) * rstd * Wt[${gain} + j] + Wt[${bias} + j]; }
    workgroupBarrier();
  }`;

/**
 * The slot's keys and values (scratch, after the queries) into the row's cache at kBase, then
 * its attention over the row's slots so far into xrow: a lane per head, online softmax (decode.ts's).
 */
const attention = (D: number, H: number) => {
  const dh = D / H;
  return `
  for (var j = lane; j < ${D}; j += ${WORKGROUP}) {
    Cache[kBase + slot * ${D} + j] = scratch[${D} + j];
    Cache[kBase + (lmax + slot) * ${D} + j] = scratch[${2 * D} + j];
  }
  storageBarrier();
  for (var head = lane; head < ${H}; head += ${WORKGROUP}) {
    var q : array<f32, ${dh}>;
    for (var n = 0; n < ${dh}; n++) { q[n] = scratch[head * ${dh} + n] * uniforms.scale; }
    var m = -3.0e38;
    var sum = 0.0;
    var acc : array<f32, ${dh}>;
    for (var l = first; l <= slot; l++) {
      let ki = kBase + l * ${D} + head * ${dh};
      let vi = ki + lmax * ${D};
      var dot = 0.0;
      for (var n = 0; n < ${dh}; n++) { dot += q[n] * Cache[ki + n]; }
      let mNew = max(m, dot);
      let scale = exp(m - mNew);
      let p = exp(dot - mNew);
      sum = sum * scale + p;
      for (var n = 0; n < ${dh}; n++) { acc[n] = acc[n] * scale + p * Cache[vi + n]; }
      m = mNew;
    }
    for (var n = 0; n < ${dh}; n++) { xrow[head * ${dh} + n] = acc[n] / sum; }
  }
  workgroupBarrier();`;
};

/** Every layer on the residual row xres, the slot's keys and values into the cache. */
function layers(s: RolloutShape): string {
  const { dModel: D, dFF: F } = s;
  const { at, layers: start, layerSize } = layout(s);
  const w = (name: string) => `base + ${at[name]}`;
  return `
  for (var l = 0; l < ${s.layers}; l++) {
    let base = ${start} + l * ${layerSize};
    let kBase = (row * ${s.layers} + l) * 2 * lmax * ${D};
    ${norm(D, w('ln1Gain'), w('ln1Bias'))}
    ${project({ input: 'xrow', width: D, w: w('wQKV'), k: 3 * D, bias: w('bQKV'), out: 'scratch' })}
    ${attention(D, s.heads)}
    ${project({ input: 'xrow', width: D, w: w('wOut'), k: D, bias: w('bOut'), out: 'xres', residual: true })}
    ${norm(D, w('ln2Gain'), w('ln2Bias'))}
    ${project({ input: 'xrow', width: D, w: w('wUp'), k: F, bias: w('bUp'), gelu: true, out: 'scratch' })}
    ${project({ input: 'scratch', width: F, w: w('wDown'), k: D, bias: w('bDown'), out: 'xres', residual: true })}
  }`;
}

/** The kernel's WGSL (module scope and body), its sampling shader's parts. */
function rolloutShader(s: RolloutShape, a: RolloutAttrs) {
  const D = s.dModel;
  const width = 1 + 2 * s.maxNew;
  const draw = samplingShader({ ...a, step: 0 }, s.vocab, width, 'workgroup', { step: 'step', u: 'U[step * uniforms.b + row]' });
  const { at } = layout(s);
  const header = `${WORKGROUP_SUM}
    var<workgroup> xres : array<f32, ${cap(D)}>;
    var<workgroup> xrow : array<f32, ${cap(D)}>;
    var<workgroup> scratch : array<f32, ${cap(Math.max(3 * D, s.dFF))}>;
    var<workgroup> rowLogits : array<f32, ${cap(s.vocab)}>;
    ${draw.header}`;
  // Slot `slot` of the row: a prompt token until P, then the token drawn at the slot before.
  const body = `
    let first = uniforms.p - Len[row];
    let lmax = uniforms.p + uniforms.n - 1;
    if (lane == 0) { result[row * uniforms.width] = 0.0; }
    for (var slot = first; slot < lmax; slot++) {
      var token = 0;
      if (slot < uniforms.p) { token = Tok[row * uniforms.p + slot]; } else { token = i32(result[row * uniforms.width + 1 + slot - uniforms.p]); }
      let pos = slot - first;
      for (var j = lane; j < ${D}; j += ${WORKGROUP}) { xres[j] = Wt[${at.tokenEmbedding} + token * ${D} + j] + Wt[${at.positionEmbedding} + pos * ${D} + j]; }
      workgroupBarrier();
      ${layers(s)}
      if (slot >= uniforms.p - 1) {
        let step = slot - uniforms.p + 1;
        ${norm(D, String(at.lnFinalGain), String(at.lnFinalBias))}
        ${project({ input: 'xrow', width: D, w: String(at.head), k: 'uniforms.v', bias: null, out: 'rowLogits' })}
        {${draw.body}}
        storageBarrier();
      }
    }`;
  return { draw, header, body, width, key: `rollout_${draw.key}_${D}_${s.dFF}_${s.heads}_${s.layers}_${s.vocab}_${s.positions}` };
}

/**
 * Inputs: tokens and lengths (int32 [B, P], [B]: the left-padded prompts), u [N * B] (step
 * major), then the weights named w0, w1, ... in the packed order (ROLLOUT_MODEL_WEIGHTS, then
 * each layer's ROLLOUT_LAYER_WEIGHTS). Attrs: RolloutAttrs and maxNew. Output: the record [B, 1 + 2N].
 */
export const rolloutConfig: KernelConfig = {
  kernelName: ROLLOUT,
  backendName: 'webgpu',
  kernelFunc: ({ inputs, backend, attrs }) => {
    const { tokens, lengths, u, ...named } = inputs as Record<string, TensorInfo>;
    const a = attrs as unknown as RolloutAttrs & { maxNew: number };
    const gpu = backend as WebGPUBackend;
    const weights = Object.keys(named).map((_, i) => named[`w${i}`]!);
    const [wte, wpe] = weights as [TensorInfo, TensorInfo];
    const [B, P] = tokens!.shape as [number, number];
    const shape: RolloutShape = {
      rows: B, prompt: P, maxNew: a.maxNew, dModel: wte.shape[1]!, heads: a.heads, vocab: wte.shape[0]!,
      dFF: weights[ROLLOUT_MODEL_WEIGHTS.length + ROLLOUT_LAYER_WEIGHTS.indexOf('bUp')]!.shape[0]!,
      layers: (weights.length - ROLLOUT_MODEL_WEIGHTS.length) / ROLLOUT_LAYER_WEIGHTS.length, positions: wpe.shape[0]!,
    };
    const greedy = a.temperature <= 0;
    const misfit = rolloutKernelMisfit(shape, !greedy && a.topP < 1, gpu.device.limits);
    if (misfit) throw new Error(`${ROLLOUT}: ${misfit}`);
    const shader = rolloutShader(shape, a);
    const packed = packTensors(gpu, weights);
    const used: Record<string, TensorInfo> = { Wt: packed, Tok: tokens!, Len: lengths! };
    // A dispatch binds only what its shader uses: greedy draws no uniform.
    if (!greedy) used.U = u!;
    const [record, cache] = runMultiOutput(gpu, {
      key: shader.key,
      inputs: used,
      outputs: { result: [B, shader.width], Cache: [B * shape.layers * 2 * (P + a.maxNew - 1) * shape.dModel] },
      rows: B,
      uniforms: [
        { name: 'b', type: 'i32', value: B },
        { name: 'p', type: 'i32', value: P },
        { name: 'epsilon', type: 'f32', value: a.epsilon },
        { name: 'scale', type: 'f32', value: 1 / Math.sqrt(shape.dModel / a.heads) },
        ...shader.draw.uniforms,
      ],
      header: shader.header,
      body: shader.body,
    });
    gpu.disposeData(packed.dataId);
    gpu.disposeData(cache!.dataId);
    return record!;
  },
};
