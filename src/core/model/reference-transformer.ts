import * as tf from '@tensorflow/tfjs';
import { type ModelConfig, validateModelConfig } from './config';
import { matmul } from './matmul';
import { seedStream } from '../random';

/**
 * Added to the attention score of a key a query must not see. Finite (not
 * -Infinity) so a query with every key masked gets a uniform softmax, not NaN.
 */
const MASKED = -1e9;

/**
 * Per-layer attention keys and values for incremental decoding, over L slots.
 * Keys are stored already transposed ([B, H, dHead, L]) and values as
 * [B, H, L, dHead], so both attention matmuls are plain (fast on wasm).
 */
// A type alias (not an interface) so it counts as a tf.TensorContainer for tf.tidy.
type KVCache = {
  keys: tf.Tensor4D[];
  values: tf.Tensor4D[];
};

interface LayerWeights {
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

/** Where a call's new keys/values go: into `cache` at slots start..start+S-1. */
interface CacheWrite {
  keys: tf.Tensor4D;
  values: tf.Tensor4D;
  start: number;
}

/**
 * The model as it was before the wasm speed-up: batch-major, attention through
 * batched matmuls, autodiff LayerNorm and bias gradients. Kept only as the numerical
 * reference the tests hold the fast Transformer to (logits and gradients within 1e-4).
 *
 * Decoder-only GPT: token + learned position embeddings, pre-LayerNorm blocks
 * (causal multi-head attention, GELU MLP), final LayerNorm, output head.
 *
 * The output head is a separate [dModel, vocab] matrix rather than tied to the
 * token embedding: tying would need x @ wte^T, a transposed matmul that is slow
 * on wasm, and at this vocabulary size it saves only a few thousand weights.
 */
export class ReferenceTransformer {
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
      if (T > this.config.maxLen) throw new Error(`sequence length ${T} exceeds maxLen ${this.config.maxLen}`);
      const mask = attentionMask(T, T, 0, keyMask);
      let x: tf.Tensor2D = this.embed(tokens, positions);
      for (const layer of this.layers) x = this.block(layer, x, B, T, mask).x;
      return this.logits(x, B, T);
    });
  }

  /**
   * Runs S new tokens [B, S] that sit at cache slots start..start+S-1, attending
   * over all L cache slots allowed by keyMask [B, L] (1 = slot holds a real
   * token, including the new ones) and causality. Returns logits [B, S, V] and
   * the updated cache; the input cache is left untouched (caller disposes it).
   */
  forwardCached(
    tokens: tf.Tensor2D,
    positions: tf.Tensor2D,
    keyMask: tf.Tensor2D,
    cache: KVCache,
    start: number,
  ): { logits: tf.Tensor3D; cache: KVCache } {
    return tf.tidy(() => {
      const [B, S] = tokens.shape;
      const L = keyMask.shape[1];
      const mask = attentionMask(S, L, start, keyMask);
      const next: KVCache = { keys: [], values: [] };
      let x: tf.Tensor2D = this.embed(tokens, positions);
      this.layers.forEach((layer, l) => {
        const write = { keys: cache.keys[l]!, values: cache.values[l]!, start };
        const out = this.block(layer, x, B, S, mask, write);
        x = out.x;
        next.keys.push(out.keys);
        next.values.push(out.values);
      });
      return { logits: this.logits(x, B, S), cache: next };
    });
  }

  /** An all-zero cache with L slots for a batch of B rows. */
  emptyCache(B: number, L: number): KVCache {
    const { nLayers, nHeads, dModel } = this.config;
    const dHead = dModel / nHeads;
    const cache: KVCache = { keys: [], values: [] };
    for (let l = 0; l < nLayers; l++) {
      cache.keys.push(tf.zeros([B, nHeads, dHead, L]));
      cache.values.push(tf.zeros([B, nHeads, L, dHead]));
    }
    return cache;
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

  /** Token + position embeddings, flattened to [B*T, D]. */
  private embed(tokens: tf.Tensor2D, positions?: tf.Tensor2D): tf.Tensor2D {
    const [B, T] = tokens.shape;
    const { vocabSize, maxLen, dModel } = this.config;
    // One-hot matmul instead of tf.gather: gather's gradient is slow on cpu,
    // and this one is a plain matmul. wasm's OneHot ignores dtype, so cast.
    const tok = matmul(oneHot(tokens, vocabSize), this.tokenEmbedding as tf.Tensor2D);
    if (positions) return tf.add<tf.Tensor2D>(tok, matmul(oneHot(positions, maxLen), this.positionEmbedding as tf.Tensor2D));
    const pos = tf.slice(this.positionEmbedding, [0, 0], [T, dModel]);
    return tf.reshape(tf.add(tf.reshape(tok, [B, T, dModel]), pos), [B * T, dModel]) as tf.Tensor2D;
  }

  /** Pre-LN residual block on x [B*S, D]. */
  private block(layer: LayerWeights, x: tf.Tensor2D, B: number, S: number, mask: tf.Tensor4D, write?: CacheWrite) {
    const attn = this.attention(layer, layerNorm(x, layer.ln1Gain, layer.ln1Bias), B, S, mask, write);
    const h = tf.add(x, attn.out) as tf.Tensor2D;
    const up = linear(layerNorm(h, layer.ln2Gain, layer.ln2Bias), layer.wUp, layer.bUp);
    // GELU via x*sigmoid(1.702x): tanh is ~8x slower than sigmoid on wasm.
    const act = tf.mul(up, tf.sigmoid(tf.mul(up, 1.702)));
    return { x: tf.add(h, linear(act as tf.Tensor2D, layer.wDown, layer.bDown)) as tf.Tensor2D, keys: attn.keys, values: attn.values };
  }

  /** Causal multi-head self-attention of x [B*S, D]; with `write`, keys/values also come from the cache. */
  private attention(layer: LayerWeights, x: tf.Tensor2D, B: number, S: number, mask: tf.Tensor4D, write?: CacheWrite) {
    const { dModel: D, nHeads: H } = this.config;
    const dHead = D / H;
    const [q, k, v] = tf.split(linear(x, layer.wQKV, layer.bQKV), 3, 1) as [tf.Tensor2D, tf.Tensor2D, tf.Tensor2D];
    const heads = (t: tf.Tensor2D) => tf.reshape(t, [B, S, H, dHead]);
    const queries = tf.reshape(tf.transpose(heads(tf.mul(q, 1 / Math.sqrt(dHead))), [0, 2, 1, 3]), [B * H, S, dHead]);
    let keys = tf.transpose(heads(k), [0, 2, 3, 1]) as tf.Tensor4D; // [B, H, dHead, S]
    let values = tf.transpose(heads(v), [0, 2, 1, 3]) as tf.Tensor4D; // [B, H, S, dHead]
    if (write) {
      // Slots are zero until written, so padding the new entries out to L and adding writes them.
      const L = write.keys.shape[3];
      const before = write.start;
      const after = L - write.start - S;
      keys = tf.add(write.keys, tf.pad(keys, [[0, 0], [0, 0], [0, 0], [before, after]]));
      values = tf.add(write.values, tf.pad(values, [[0, 0], [0, 0], [before, after], [0, 0]]));
    }
    const L = keys.shape[3];
    const scores = tf.reshape(matmul(queries, tf.reshape(keys, [B * H, dHead, L])), [B, H, S, L]);
    const weights = tf.reshape(tf.softmax(tf.add(scores, mask)), [B * H, S, L]);
    const mixed = tf.reshape(matmul(weights, tf.reshape(values, [B * H, L, dHead])), [B, H, S, dHead]);
    const merged = tf.reshape(tf.transpose(mixed, [0, 2, 1, 3]), [B * S, D]) as tf.Tensor2D;
    return { out: linear(merged, layer.wOut, layer.bOut), keys, values };
  }

  private logits(x: tf.Tensor2D, B: number, T: number): tf.Tensor3D {
    const h = layerNorm(x, this.lnFinalGain, this.lnFinalBias);
    return tf.reshape(matmul(h, this.head as tf.Tensor2D), [B, T, this.config.vocabSize]);
  }
}

function oneHot(ids: tf.Tensor2D, depth: number): tf.Tensor2D {
  return tf.cast(tf.oneHot(tf.reshape(ids, [-1]) as tf.Tensor1D, depth), 'float32') as tf.Tensor2D;
}

function linear(x: tf.Tensor2D, w: tf.Tensor2D | tf.Variable, b: tf.Tensor | tf.Variable): tf.Tensor2D {
  return tf.add(matmul(x, w as tf.Tensor2D), b) as tf.Tensor2D;
}

function layerNorm(x: tf.Tensor2D, gain: tf.Variable, bias: tf.Variable): tf.Tensor2D {
  const centered = tf.sub(x, tf.mean(x, -1, true));
  const variance = tf.mean(tf.square(centered), -1, true);
  return tf.add(tf.mul(tf.mul(centered, tf.rsqrt(tf.add(variance, 1e-5))), gain), bias) as tf.Tensor2D;
}

/**
 * Additive attention mask [B or 1, 1, S, L] for S queries at slots
 * start..start+S-1 over L key slots: causal, plus keyMask [B, L] (0 = padding).
 */
function attentionMask(S: number, L: number, start: number, keyMask?: tf.Tensor2D): tf.Tensor4D {
  const causal = new Float32Array(S * L);
  for (let i = 0; i < S; i++) for (let s = start + i + 1; s < L; s++) causal[i * L + s] = MASKED;
  const mask = tf.tensor4d(causal, [1, 1, S, L]);
  if (!keyMask) return mask;
  const padding = tf.mul(tf.sub(keyMask, 1), -MASKED).reshape([keyMask.shape[0], 1, 1, L]);
  return tf.add(mask, padding);
}
