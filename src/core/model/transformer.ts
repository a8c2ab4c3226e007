import * as tf from '@tensorflow/tfjs';
import { type ModelConfig, validateModelConfig } from './config';
import { attend, selfAttention } from './attention';
import { FUSED_INFERENCE_OPS, FUSED_TRAINING_OPS, fusedAttend, fusedQKVAttention } from './fused-ops';
import { INFERENCE_OPS, TRAINING_OPS, type DenseOps } from './layers';
import { APPEND_KV, DECODE_ATTENTION, fusedKernelsActive } from '../webgpu';
import { seedStream } from '../random';

/**
 * Added to the attention score of a key a query must not see. Finite (not
 * -Infinity) so a query with every key masked gets a uniform softmax, not NaN.
 */
const MASKED = -1e9;

/**
 * Per-layer attention keys and values of the tokens seen so far, for incremental decoding.
 * Time-major (see attention.ts): keys and values [L, B*H, dHead], so a new token is
 * appended along the first axis.
 */
// A type alias (not an interface) so it counts as a tf.TensorContainer for tf.tidy.
export type KVCache = {
  keys: tf.Tensor3D[];
  values: tf.Tensor3D[];
};

/** Per layer: the query, key and value weights [D, D] and biases [D] (Transformer.qkvProjections). */
export type QKVProjections = { weights: tf.Tensor2D[]; biases: tf.Tensor1D[] }[];

export interface LayerWeights {
  ln1Gain: tf.Variable;
  ln1Bias: tf.Variable;
  wQKV: tf.Variable;
  bQKV: tf.Variable;
  wOut: tf.Variable;
  bOut: tf.Variable;
  ln2Gain: tf.Variable;
  ln2Bias: tf.Variable;
  wUp: tf.Variable;
  bUp: tf.Variable;
  wDown: tf.Variable;
  bDown: tf.Variable;
}

export interface DecodeWeights {
  tokenEmbedding: tf.Variable;
  positionEmbedding: tf.Variable;
  layers: readonly LayerWeights[];
  lnFinalGain: tf.Variable;
  lnFinalBias: tf.Variable;
  head: tf.Variable;
}

/**
 * Decoder-only GPT: token + learned position embeddings, pre-LayerNorm blocks
 * (causal multi-head attention, GELU MLP), final LayerNorm, output head.
 *
 * The output head is a separate [dModel, vocab] matrix rather than tied to the
 * token embedding: tying would need x @ wte^T, a transposed matmul that is slow
 * on wasm, and at this vocabulary size it saves only a few thousand weights.
 */
export class Transformer {
  readonly config: ModelConfig;
  /** Every trainable weight, in a fixed order (see weightNames). */
  readonly weights: tf.Variable[] = [];
  /** weightNames[i] names weights[i]; used as checkpoint keys. */
  readonly weightNames: string[] = [];
  private readonly tokenEmbedding: tf.Variable;
  private readonly positionEmbedding: tf.Variable;
  private readonly layers: LayerWeights[] = [];
  private readonly lnFinalGain: tf.Variable;
  private readonly lnFinalBias: tf.Variable;
  private readonly head: tf.Variable;

  constructor(config: ModelConfig, seed: number) {
    const errors = validateModelConfig(config);
    if (errors.length > 0) throw new Error(`Invalid model config: ${errors.join('; ')}`);
    this.config = { ...config };
    const { vocabSize: V, dModel: D, dFF: F, nLayers, maxLen } = config;
    const nextSeed = seedStream(seed);
    const std = 0.02;
    // GPT-2: residual-branch output projections are scaled down so the
    // residual stream's variance does not grow with depth.
    const residualStd = std / Math.sqrt(2 * nLayers);
    const normal = (name: string, shape: number[], s: number) =>
      this.addWeight(name, tf.randomNormal(shape, 0, s, 'float32', nextSeed()));
    const ones = (name: string, n: number) => this.addWeight(name, tf.ones([n]));
    const zeros = (name: string, shape: number[]) => this.addWeight(name, tf.zeros(shape));

    this.tokenEmbedding = normal('wte', [V, D], std);
    this.positionEmbedding = normal('wpe', [maxLen, D], std);
    for (let l = 0; l < nLayers; l++) {
      const p = `h${l}.`;
      this.layers.push({
        ln1Gain: ones(`${p}ln1.gain`, D),
        ln1Bias: zeros(`${p}ln1.bias`, [D]),
        wQKV: normal(`${p}attn.wqkv`, [D, 3 * D], std),
        bQKV: zeros(`${p}attn.bqkv`, [3 * D]),
        wOut: normal(`${p}attn.wout`, [D, D], residualStd),
        bOut: zeros(`${p}attn.bout`, [D]),
        ln2Gain: ones(`${p}ln2.gain`, D),
        ln2Bias: zeros(`${p}ln2.bias`, [D]),
        wUp: normal(`${p}mlp.wup`, [D, F], std),
        bUp: zeros(`${p}mlp.bup`, [F]),
        wDown: normal(`${p}mlp.wdown`, [F, D], residualStd),
        bDown: zeros(`${p}mlp.bdown`, [D]),
      });
    }
    this.lnFinalGain = ones('lnf.gain', D);
    this.lnFinalBias = zeros('lnf.bias', [D]);
    this.head = normal('head', [D, V], std);
  }

  paramCount(): number {
    return this.weights.reduce((n, w) => n + w.size, 0);
  }

  /**
   * Logits [B, T, V] for every position of int32 tokens [B, T].
   * positions: int32 [B, T] position ids (default 0..T-1 in every row).
   * keyMask: float32 [B, T], 1 for real tokens; 0 keys (padding) are never attended to.
   * Attention is always causal.
   */
  forward(tokens: tf.Tensor2D, positions?: tf.Tensor2D, keyMask?: tf.Tensor2D): tf.Tensor3D {
    return tf.tidy(() => {
      const [B, T] = tokens.shape;
      // Time-major inside; batch-major out.
      return tf.transpose(tf.reshape(this.timeMajorLogits(tokens, positions, keyMask), [T, B, this.config.vocabSize]), [1, 0, 2]);
    });
  }

  /** forward()'s logits as the model computes them: time-major [T*B, V], row t*B + b. */
  timeMajorLogits(tokens: tf.Tensor2D, positions?: tf.Tensor2D, keyMask?: tf.Tensor2D): tf.Tensor2D {
    return tf.tidy(() => {
      const ops = fusedKernelsActive() ? FUSED_TRAINING_OPS : TRAINING_OPS;
      return ops.project(this.timeMajorFeatures(tokens, positions, keyMask), this.head);
    });
  }

  /** What the head reads: the final LayerNorm's output, time-major [T*B, D] (the fused loss applies the head itself). */
  timeMajorFeatures(tokens: tf.Tensor2D, positions?: tf.Tensor2D, keyMask?: tf.Tensor2D): tf.Tensor2D {
    return tf.tidy(() => {
      const [B, T] = tokens.shape;
      if (T > this.config.maxLen) throw new Error(`sequence length ${T} exceeds maxLen ${this.config.maxLen}`);
      const mask = attentionMask(T, T, 0, keyMask && keyPadding(keyMask));
      const fused = fusedKernelsActive();
      const ops = fused ? FUSED_TRAINING_OPS : TRAINING_OPS;
      let x = this.embed(ops, tokens, positions);
      for (const layer of this.layers) {
        // The fused kernel reads the heads' queries, keys and values from the projection itself.
        const mix = fused
          ? (h: tf.Tensor2D) => fusedQKVAttention(ops.linear(h, layer.wQKV, layer.bQKV), mask, this.config.nHeads)
          : this.headAttention(ops, layer, T, B, (q, k, v) => selfAttention(q, k, v, mask));
        x = this.block(ops, layer, x, mix);
      }
      return ops.layerNorm(x, this.lnFinalGain, this.lnFinalBias);
    });
  }

  /**
   * Runs S new tokens [B, S] that follow the cache's slots, attending over those slots
   * and themselves as causality and `padding` [B, cache slots + S] allow (additive, from
   * keyPadding: kept by the caller, so a decoding step only appends a zero column).
   * Returns the logits at the last new position [B, V] and the cache with the new tokens
   * appended; the input cache is left untouched (caller disposes it).
   */
  forwardCached(tokens: tf.Tensor2D, positions: tf.Tensor2D, padding: tf.Tensor2D, cache: KVCache, projections?: QKVProjections): { logits: tf.Tensor2D; cache: KVCache } {
    return tf.tidy(() => {
      const [B, S] = tokens.shape;
      const L = padding.shape[1];
      const mask = attentionMask(S, L, L - S, padding);
      const next: KVCache = { keys: [], values: [] };
      const fused = fusedKernelsActive();
      const ops = fused ? FUSED_INFERENCE_OPS : INFERENCE_OPS;
      const attention = fused ? fusedAttend : attend;
      let x = this.embed(ops, tokens, positions);
      this.layers.forEach((layer, l) => {
        const own = projections?.[l];
        const qkv = own && ((h: tf.Tensor2D) => own.weights.map((w, i) => ops.linear(h, w, own.biases[i]!)));
        x = this.block(ops, layer, x, this.headAttention(ops, layer, S, B, (q, k, v) => {
          const keys = appendSlots(cache.keys[l], k);
          const values = appendSlots(cache.values[l], v);
          next.keys.push(keys);
          next.values.push(values);
          return attention(q, keys, values, mask);
        }, qkv));
      });
      const last = tf.slice(x, [(S - 1) * B, 0], [B, this.config.dModel]);
      return { logits: this.logits(ops, last), cache: next };
    });
  }

  /**
   * One decoding step on the wasm decode kernels (AgonDecodeAttention and AgonAppendKV,
   * ../wasm/decode-attention.ts) over preallocated caches [2, Lmax, B*H, dHead], one per layer, whose first `len`
   * slots are filled: tokens [B, 1] at positions [B, 1], padding [B, Lmax] (additive).
   * Returns the logits [B, V] and the caches with the new slot written in place (new handles
   * on the same buffers; the caller disposes the old ones).
   */
  decodeStep(tokens: tf.Tensor2D, positions: tf.Tensor2D, padding: tf.Tensor2D, caches: tf.Tensor[], len: number): { logits: tf.Tensor2D; caches: tf.Tensor[] } {
    return tf.tidy(() => {
      const ops = INFERENCE_OPS;
      const attrs = { heads: this.config.nHeads, len };
      const next: tf.Tensor[] = [];
      let x = this.embed(ops, tokens, positions);
      this.layers.forEach((layer, l) => {
        x = this.block(ops, layer, x, (h) => {
          const qkv = ops.linear(h, layer.wQKV, layer.bQKV);
          const cache = caches[l]!;
          next.push(tf.engine().runKernel(APPEND_KV, { qkv, cache }, attrs) as tf.Tensor);
          return tf.engine().runKernel(DECODE_ATTENTION, { qkv, cache, padding }, attrs) as tf.Tensor2D;
        });
      });
      return { logits: this.logits(ops, x), caches: next };
    });
  }

  /** The weights the fused kernels read outside the model's own passes (fused-decode.ts, the fused loss's head). */
  decodeWeights(): DecodeWeights {
    return {
      tokenEmbedding: this.tokenEmbedding,
      positionEmbedding: this.positionEmbedding,
      layers: this.layers,
      lnFinalGain: this.lnFinalGain,
      lnFinalBias: this.lnFinalBias,
      head: this.head,
    };
  }

  /**
   * Each layer's query, key and value weights, sliced once for a rollout (the caller disposes
   * them). Why: a decoding step's one projection to [B, 3D] and its split cost wasm about 5x
   * the three projections from these slices (SplitV alone ~0.2 ms at 64 rows); the results
   * are bit for bit the same.
   */
  qkvProjections(): QKVProjections {
    return tf.tidy(() =>
      this.layers.map((layer) => ({
        weights: tf.split(layer.wQKV, 3, 1) as tf.Tensor2D[],
        biases: tf.split(layer.bQKV, 3) as tf.Tensor1D[],
      })),
    );
  }

  /** A cache with no slots yet. */
  emptyCache(): KVCache {
    return { keys: [], values: [] };
  }

  dispose(): void {
    for (const w of this.weights) w.dispose();
  }

  private addWeight(name: string, init: tf.Tensor): tf.Variable {
    // Unnamed variables: tf variable names are global and several models coexist.
    const v = tf.variable(init, true);
    init.dispose();
    this.weights.push(v);
    this.weightNames.push(name);
    return v;
  }

  /** Token + position embeddings of tokens [B, T], time-major: [T*B, D], row t*B + b. */
  private embed(ops: DenseOps, tokens: tf.Tensor2D, positions?: tf.Tensor2D): tf.Tensor2D {
    const [B, T] = tokens.shape;
    const { vocabSize, maxLen, dModel } = this.config;
    if (!positions && ops.embed) return ops.embed(tokens, this.tokenEmbedding, this.positionEmbedding);
    const tok = ops.lookup(oneHot(timeMajor(tokens), vocabSize), this.tokenEmbedding);
    if (positions) return tf.add(tok, ops.lookup(oneHot(timeMajor(positions), maxLen), this.positionEmbedding));
    const pos = tf.slice(this.positionEmbedding, [0, 0], [T, dModel]);
    return tf.reshape(tf.add(tf.reshape(tok, [T, B, dModel]), tf.reshape(pos, [T, 1, dModel])), [T * B, dModel]);
  }

  /**
   * Pre-LN residual block on time-major x [rows, D]; `mix` maps the normalized x to the
   * attention's mixed values [rows, D] (see headAttention).
   */
  private block(ops: DenseOps, layer: LayerWeights, x: tf.Tensor2D, mix: (h: tf.Tensor2D) => tf.Tensor2D): tf.Tensor2D {
    const h = ops.residualLinear(x, mix(ops.layerNorm(x, layer.ln1Gain, layer.ln1Bias)), layer.wOut, layer.bOut);
    return ops.residualMLP(h, layer.ln2Gain, layer.ln2Bias, layer.wUp, layer.bUp, layer.wDown, layer.bDown);
  }

  /**
   * The mixer of a block over S time-major positions of B rows: `attention` maps scaled
   * queries, keys and values [S, B*H, dHead] to the mixed values (self-attention in
   * training, over the cache when decoding).
   */
  private headAttention(
    ops: DenseOps,
    layer: LayerWeights,
    S: number,
    B: number,
    attention: (q: tf.Tensor3D, k: tf.Tensor3D, v: tf.Tensor3D) => tf.Tensor3D,
    qkv = (h: tf.Tensor2D) => ops.qkv(h, layer.wQKV, layer.bQKV),
  ): (h: tf.Tensor2D) => tf.Tensor2D {
    const { dModel: D, nHeads: H } = this.config;
    const dHead = D / H;
    return (normed) => {
      const [q, k, v] = qkv(normed);
      const heads = (t: tf.Tensor) => tf.reshape(t, [S, B * H, dHead]) as tf.Tensor3D;
      return tf.reshape(attention(heads(tf.mul(q!, 1 / Math.sqrt(dHead))), heads(k!), heads(v!)), [S * B, D]);
    };
  }

  private logits(ops: DenseOps, x: tf.Tensor2D): tf.Tensor2D {
    return ops.project(ops.layerNorm(x, this.lnFinalGain, this.lnFinalBias), this.head);
  }
}

function timeMajor(ids: tf.Tensor2D): tf.Tensor2D {
  return ids.shape[1] === 1 ? ids : tf.transpose(ids);
}

function oneHot(ids: tf.Tensor2D, depth: number): tf.Tensor2D {
  // wasm's OneHot ignores dtype, so cast.
  return tf.cast(tf.oneHot(tf.reshape(ids, [-1]) as tf.Tensor1D, depth), 'float32') as tf.Tensor2D;
}

/** The cache's slots with the new ones [S, ...] appended (the first call has no cache yet). */
function appendSlots(cached: tf.Tensor3D | undefined, fresh: tf.Tensor3D): tf.Tensor3D {
  return cached ? tf.concat([cached, fresh], 0) : fresh;
}

/**
 * Additive attention mask [S, B or 1, 1, L] for S queries at slots start..start+S-1
 * over L key slots: causal, plus padding [B, L] (see keyPadding).
 */
function attentionMask(S: number, L: number, start: number, padding?: tf.Tensor2D): tf.Tensor4D {
  const rows = padding && tf.reshape(padding, [1, padding.shape[0], 1, L]);
  if (rows && S === 1 && start === L - 1) return rows as tf.Tensor4D; // one new token sees every slot
  const causal = new Float32Array(S * L);
  for (let i = 0; i < S; i++) for (let s = start + i + 1; s < L; s++) causal[i * L + s] = MASKED;
  const mask = tf.tensor4d(causal, [S, 1, 1, L]);
  return rows ? tf.add(mask, rows) : mask;
}

/** keyMask [B, L] (1 = real token, 0 = padding) as an additive mask: 0, or a large negative number. */
export function keyPadding(keyMask: tf.Tensor2D): tf.Tensor2D {
  return tf.tidy(() => tf.mul(tf.sub(keyMask, 1), -MASKED));
}
