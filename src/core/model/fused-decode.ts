/**
 * sample() on the fused WebGPU kernels (../webgpu/decode.ts): after the prefill (the fused
 * forwardCached), each token is one embedding kernel, five kernels a layer (the q/k/v, up
 * and down projections, each with its LayerNorm, bias, GELU and residual folded in; attention
 * with the out projection, its bias and residual after it; the cache append) and one that
 * takes the final LayerNorm and the head into the draw, with no reshapes: 12 dispatches a
 * token at 2 layers. The keys and values live in one preallocated cache per layer
 * [2, Lmax, C, dHead] filled in place, the padding in one [B, Lmax] mask, and the tokens, their log-probs and the finished flags in one record
 * [B, 1 + 2N], the only tensor the rollout reads back, once, at the end (the target: at most
 * one read-back per rollout stage). There is no early stop: a read-back is a GPU sync that
 * costs more than the few tokens it could save on these small models, and the fixed-width
 * completions nearly always run to the budget. Rows that finish early keep drawing pad with
 * log-prob 0 (the sampling kernel freezes them), so the result equals the plain path's.
 *
 * Same draws as the plain path: the same seeded uniform per step (tf.randomUniform makes it
 * on the CPU: no kernel), the same inverse CDF; see e2e/fused-kernels.spec.ts.
 */
import * as tf from '@tensorflow/tfjs';
import { APPEND_KV, DECODE_ATTENTION_OUT, DECODE_LINEAR, EMBED, HEAD_SAMPLE, SAMPLE, type DecodeLinearAttrs, type HeadSampleAttrs } from '../webgpu';
import { seedStream } from '../random';
import { EPSILON } from './layers';
import type { DecodingPath, LeftPadded, SampleOptions, SampleResult } from './decoding';
import { prefillPreallocated } from './preallocated-cache';
import type { Transformer } from './transformer';

const run = (name: string, inputs: tf.NamedTensorMap, attrs: tf.NamedAttrMap = {}) => tf.engine().runKernel(name, inputs, attrs) as tf.Tensor;

/** [residual +] [gelu](LayerNorm?(x) @ w [+ bias]): one dispatch (AgonDecodeLinear). */
function linear(x: tf.Tensor, w: tf.Tensor, parts: { norm?: [tf.Tensor, tf.Tensor]; bias?: tf.Tensor; gelu?: boolean; residual?: tf.Tensor }): tf.Tensor {
  const inputs: tf.NamedTensorMap = { x, w };
  if (parts.norm) [inputs.gain, inputs.lnBias] = parts.norm;
  if (parts.bias) inputs.bias = parts.bias;
  if (parts.residual) inputs.residual = parts.residual;
  const attrs: DecodeLinearAttrs = { norm: parts.norm !== undefined, epsilon: EPSILON, gelu: parts.gelu ?? false };
  return run(DECODE_LINEAR, inputs, attrs as unknown as tf.NamedAttrMap);
}

/** The fused decoding state of one rollout. */
export class FusedDecoder {
  /**
   * What the next token is drawn from: the prefill's logits [B, V] for the first, then the
   * last layer's output [B, D], which AgonHeadSample takes through the final LayerNorm and
   * the head as it draws.
   */
  private next: { logits: tf.Tensor2D } | { hidden: tf.Tensor2D };
  /** float32 [B, 1 + 2N]: finished flag, N tokens, N log-probs per row. */
  record: tf.Tensor2D;
  private caches: tf.Tensor[];
  private readonly padding: tf.Tensor2D;
  private readonly P: number;

  constructor(
    private readonly model: Transformer,
    private readonly padded: LeftPadded,
    maxNew: number,
  ) {
    const [B, P] = padded.tokens.shape;
    this.P = P;
    const prefill = prefillPreallocated(model, padded, maxNew);
    this.next = { logits: prefill.logits };
    this.caches = prefill.caches;
    this.padding = prefill.padding;
    this.record = tf.zeros([B, 1 + 2 * maxNew]);
  }

  /** Draws the step-th tokens into the record (rows already finished get pad and 0). */
  sampleStep(step: number, opts: SampleOptions, seed: number): void {
    const B = this.record.shape[0];
    const u = tf.randomUniform([B], 0, 1, 'float32', seed);
    const attrs: HeadSampleAttrs = { step, temperature: opts.temperature, topP: opts.topP, eosId: opts.eosId, padId: opts.padId, epsilon: EPSILON };
    const w = this.model.decodeWeights();
    const next = (
      'logits' in this.next
        ? run(SAMPLE, { logits: this.next.logits, u, record: this.record }, attrs as unknown as tf.NamedAttrMap)
        : run(HEAD_SAMPLE, { x: this.next.hidden, w: w.head, gain: w.lnFinalGain, lnBias: w.lnFinalBias, u, record: this.record }, attrs as unknown as tf.NamedAttrMap)
    ) as tf.Tensor2D;
    tf.dispose([u, this.record]);
    this.record = next;
  }

  /** Runs the step-th tokens (from the record) through the model's layers, for the following token's draw. */
  push(step: number): void {
    const w = this.model.decodeWeights();
    const heads = this.model.config.nHeads;
    const len = this.P + step; // slots before the new token
    const old = this.caches;
    const out = tf.tidy(() => {
      let x = run(EMBED, { wte: w.tokenEmbedding, wpe: w.positionEmbedding, record: this.record, lengths: this.padded.lengths }, { step });
      const caches = w.layers.map((layer, l) => {
        const qkv = linear(x, layer.wQKV, { norm: [layer.ln1Gain, layer.ln1Bias], bias: layer.bQKV });
        const h = run(DECODE_ATTENTION_OUT, { qkv, cache: old[l]!, padding: this.padding, w: layer.wOut, bias: layer.bOut, residual: x }, { heads, len });
        const cache = run(APPEND_KV, { qkv, cache: old[l]! }, { heads, len });
        const up = linear(h, layer.wUp, { norm: [layer.ln2Gain, layer.ln2Bias], bias: layer.bUp, gelu: true });
        x = linear(up, layer.wDown, { bias: layer.bDown, residual: h });
        return cache;
      });
      return { hidden: x as tf.Tensor2D, caches };
    });
    tf.dispose([...old, this.nextTensor()]);
    this.caches = out.caches;
    this.next = { hidden: out.hidden };
  }

  private nextTensor(): tf.Tensor {
    return 'logits' in this.next ? this.next.logits : this.next.hidden;
  }

  dispose(): void {
    tf.dispose([...this.caches, this.padding, this.record, this.nextTensor()]);
  }
}

/** The result from a rollout record [B, 1 + 2N] (its one read-back): each row up to its eos. */
export async function readRecord(record: tf.Tensor2D, B: number, opts: SampleOptions): Promise<SampleResult> {
  const N = opts.maxNewTokens;
  const values = (await record.data()) as Float32Array;
  const out: SampleResult = { tokens: [], tokenLogProbs: [], finished: [] };
  for (let b = 0; b < B; b++) {
    const row = values.subarray(b * (1 + 2 * N), (b + 1) * (1 + 2 * N));
    const tokens = Array.from(row.subarray(1, 1 + N));
    const logProbs = Array.from(row.subarray(1 + N, 1 + 2 * N));
    const eos = tokens.indexOf(opts.eosId);
    const end = eos === -1 ? tokens.length : eos + 1;
    out.tokens.push(tokens.slice(0, end));
    out.tokenLogProbs.push(logProbs.slice(0, end));
    out.finished.push(row[0] === 1);
  }
  return out;
}

/**
 * The rollout loop of sample() on the fused kernels: all opts.maxNewTokens tokens, then the
 * one read-back of the record. Same tokens as the plain path's early stop (which only skips
 * tokens after every row's eos, and those are trimmed from the result).
 */
export const fusedRollout: DecodingPath = async (model, padded, opts) => {
  const B = padded.tokens.shape[0];
  const N = opts.maxNewTokens;
  const decoder = new FusedDecoder(model, padded, N);
  const nextSeed = seedStream(opts.seed);
  try {
    for (let step = 0; step < N; step++) {
      decoder.sampleStep(step, opts, nextSeed());
      if (step < N - 1) decoder.push(step);
    }
    return await readRecord(decoder.record, B, opts);
  } finally {
    decoder.dispose();
  }
};
