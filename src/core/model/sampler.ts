import * as tf from '@tensorflow/tfjs';
import { bucketLength } from './buckets';
import { chooseTokens } from './nucleus';
import { seedStream } from '../random';
import { keyPadding, type KVCache, type QKVProjections, type Transformer } from './transformer';
import { fusedRollout } from './fused-decode';
import { fusedKernelsActive } from '../webgpu';
import { wasmDecodeKernelsActive } from '../wasm/decode-attention';
import { prefillPreallocated } from './preallocated-cache';

export interface SampleOptions {
  maxNewTokens: number;
  /** 0 = greedy. */
  temperature: number;
  /** Nucleus mass in (0, 1]; 1 = no truncation. */
  topP: number;
  eosId: number;
  padId: number;
  seed: number;
}

export interface SampleResult {
  /** Completion tokens per row, including the eos if one was produced, nothing after it. */
  tokens: number[][];
  /**
   * log p(token) of each sampled token under the raw model distribution
   * (temperature 1, no top-p truncation), i.e. what the policy assigns to it,
   * not the distribution it was drawn from.
   */
  tokenLogProbs: number[][];
  /** Whether the row produced eos. */
  finished: boolean[];
}

/**
 * How often (in tokens) the plain path reads back the "all rows finished?" flag for early
 * stop. The fused WebGPU path has no early stop: one read-back per rollout (fused-decode.ts).
 */
const FINISHED_CHECK_EVERY = 8;

/** Prompts left-padded to a bucketed length P, so every row's last prompt token sits at slot P-1. */
export interface LeftPadded {
  tokens: tf.Tensor2D; // int32 [B, P]
  /** int32 [B, P]: counted from each row's first real token (pads get 0). */
  positions: tf.Tensor2D;
  /** float32 [B, P]: 1 on real tokens. */
  keyMask: tf.Tensor2D;
  /** int32 [B]: real prompt lengths, i.e. the position of each row's first new token. */
  lengths: tf.Tensor1D;
}

export function leftPadPrompts(prompts: number[][], padId: number, P: number): LeftPadded {
  const B = prompts.length;
  const tokens = new Int32Array(B * P).fill(padId);
  const positions = new Int32Array(B * P);
  const keyMask = new Float32Array(B * P);
  prompts.forEach((prompt, b) => {
    const pad = P - prompt.length;
    prompt.forEach((id, i) => {
      tokens[b * P + pad + i] = id;
      positions[b * P + pad + i] = i;
      keyMask[b * P + pad + i] = 1;
    });
  });
  return {
    tokens: tf.tensor2d(tokens, [B, P], 'int32'),
    positions: tf.tensor2d(positions, [B, P], 'int32'),
    keyMask: tf.tensor2d(keyMask, [B, P]),
    lengths: tf.tensor1d(prompts.map((p) => p.length), 'int32'),
  };
}

/** Incremental decoding state: the logits for the next token, and how to feed back a chosen token. */
interface Decoder {
  /** float32 [B, V]. */
  readonly nextLogits: tf.Tensor2D;
  /** Feed the step-th new tokens (int32 [B]); nextLogits then refers to the following token. */
  push(tokens: tf.Tensor1D, step: number): void;
  dispose(): void;
}

/**
 * Samples completions with a KV cache: the prompt is run once (prefill), then
 * each new token runs a single position through the layers, attending over the
 * cached keys/values, and is appended to the cache.
 */
export function sample(model: Transformer, prompts: number[][], opts: SampleOptions): Promise<SampleResult> {
  const decoder = wasmDecodeKernelsActive(model.config)
    ? (padded: LeftPadded) => new InPlaceDecoder(model, padded, opts.maxNewTokens)
    : (padded: LeftPadded) => new CachedDecoder(model, padded);
  return decode(model, prompts, opts, decoder, fusedKernelsActive());
}

/** Same contract as sample, but recomputes the whole sequence every step (benchmark/test baseline). */
export function sampleFullRecompute(model: Transformer, prompts: number[][], opts: SampleOptions): Promise<SampleResult> {
  return decode(model, prompts, opts, (padded) => new RecomputeDecoder(model, padded));
}

async function decode(
  model: Transformer,
  prompts: number[][],
  opts: SampleOptions,
  makeDecoder: (padded: LeftPadded) => Decoder,
  fused = false,
): Promise<SampleResult> {
  const B = prompts.length;
  if (B === 0) return { tokens: [], tokenLogProbs: [], finished: [] };
  const longest = Math.max(...prompts.map((p) => p.length));
  if (Math.min(...prompts.map((p) => p.length)) === 0) throw new Error('sample: every prompt needs at least one token');
  if (longest + opts.maxNewTokens > model.config.maxLen) {
    throw new Error(`sample: prompt (${longest}) + maxNewTokens (${opts.maxNewTokens}) exceeds maxLen ${model.config.maxLen}`);
  }
  const P = bucketLength(longest);
  const padded = leftPadPrompts(prompts, opts.padId, P);
  if (fused) {
    // The fused WebGPU kernels (fused-decode.ts): same draws, a few kernels a token, one read-back.
    try {
      return await fusedRollout(model, padded, opts);
    } finally {
      tf.dispose([padded.tokens, padded.positions, padded.keyMask, padded.lengths]);
    }
  }
  const decoder = makeDecoder(padded);
  const nextSeed = seedStream(opts.seed);
  const pad = tf.fill([B], opts.padId, 'int32') as tf.Tensor1D;
  const chosen: tf.Tensor1D[] = [];
  const logits: tf.Tensor2D[] = [];
  let done: tf.Tensor1D = tf.zeros([B], 'bool');
  try {
    for (let step = 0; step < opts.maxNewTokens; step++) {
      const next = pickNext(decoder.nextLogits, done, opts, nextSeed(), pad);
      done.dispose();
      done = next.done;
      chosen.push(next.token);
      // Kept for the log-probs, scored once after the loop (a clone shares the buffer).
      logits.push(tf.clone(decoder.nextLogits));
      if (step === opts.maxNewTokens - 1) break;
      if ((step + 1) % FINISHED_CHECK_EVERY === 0 && (await allTrue(done))) break;
      decoder.push(next.token, step);
    }
    // The only read-back of the rollout (besides the early-stop flag).
    const stacked = tf.tidy(() => {
      const tokens = tf.stack(chosen, 1) as tf.Tensor2D;
      return [tokens, tokenLogProbs(tf.stack(logits, 1) as tf.Tensor3D, tokens)];
    });
    const [tokenRows, logProbRows, finished] = await Promise.all([
      stacked[0]!.array() as Promise<number[][]>,
      stacked[1]!.array() as Promise<number[][]>,
      done.array() as Promise<number[]>,
    ]);
    tf.dispose(stacked);
    return trimAfterEos(tokenRows, logProbRows, finished.map(Boolean), opts.eosId);
  } finally {
    tf.dispose([...chosen, ...logits, done, pad, padded.tokens, padded.positions, padded.keyMask, padded.lengths]);
    decoder.dispose();
  }
}

/** Choose and freeze: rows already finished emit pad. */
export function pickNext(logits: tf.Tensor2D, done: tf.Tensor1D, opts: SampleOptions, seed: number, pad: tf.Tensor1D) {
  return tf.tidy(() => {
    const token = tf.where(done, pad, chooseTokens(logits, opts.temperature, opts.topP, seed)) as tf.Tensor1D;
    return { token, done: tf.logicalOr(done, tf.equal(token, opts.eosId)) as tf.Tensor1D };
  });
}

/**
 * log p(token) [B, T] of tokens [B, T] under logits [B, T, V], for the whole rollout at once:
 * a dozen kernels per token fewer than scoring each step. A pad after a row's eos gets a
 * number too; trimAfterEos drops it. logSoftmax written out, as tf.logSoftmax computes it
 * (bit for bit), without its gradient wrapper, which costs more than its kernels here.
 */
export function tokenLogProbs(logits: tf.Tensor3D, tokens: tf.Tensor2D): tf.Tensor2D {
  const shifted = tf.sub(logits, tf.max(logits, 2, true));
  const logSoftmax = tf.sub(shifted, tf.log(tf.sum(tf.exp(shifted), 2, true)));
  return tf.sum(tf.mul(logSoftmax, tf.oneHot(tokens, logits.shape[2])), 2);
}

async function allTrue(flags: tf.Tensor1D): Promise<boolean> {
  const all = tf.all(flags);
  const [value] = await all.data();
  all.dispose();
  return value === 1;
}

function trimAfterEos(tokens: number[][], logProbs: number[][], finished: boolean[], eosId: number): SampleResult {
  const out: SampleResult = { tokens: [], tokenLogProbs: [], finished };
  tokens.forEach((row, b) => {
    const eos = row.indexOf(eosId);
    const end = eos === -1 ? row.length : eos + 1;
    out.tokens.push(row.slice(0, end));
    out.tokenLogProbs.push(logProbs[b]!.slice(0, end));
  });
  return out;
}

class CachedDecoder implements Decoder {
  nextLogits: tf.Tensor2D;
  private cache: KVCache;
  private padding: tf.Tensor2D; // [B, slots so far], additive (see keyPadding)
  private readonly lengths: tf.Tensor1D;
  private readonly realSlot: tf.Tensor2D; // [B, 1] zeros: a new token is never padding
  private readonly projections: QKVProjections;

  constructor(private readonly model: Transformer, padded: LeftPadded) {
    this.lengths = padded.lengths;
    this.padding = keyPadding(padded.keyMask);
    this.realSlot = tf.zeros([padded.keyMask.shape[0], 1]);
    this.projections = model.qkvProjections();
    const prefill = model.forwardCached(padded.tokens, padded.positions, this.padding, model.emptyCache(), this.projections);
    this.cache = prefill.cache;
    this.nextLogits = prefill.logits;
  }

  push(tokens: tf.Tensor1D, step: number): void {
    const [B] = tokens.shape;
    const padding = tf.concat([this.padding, this.realSlot], 1) as tf.Tensor2D;
    const positions = tf.tidy(() => tf.reshape(tf.add(this.lengths, tf.scalar(step, 'int32')), [B, 1])) as tf.Tensor2D;
    const input = tf.reshape(tokens, [B, 1]) as tf.Tensor2D;
    const out = this.model.forwardCached(input, positions, padding, this.cache, this.projections);
    tf.dispose([this.cache.keys, this.cache.values, this.padding, this.nextLogits, positions, input]);
    this.cache = out.cache;
    this.padding = padding;
    this.nextLogits = out.logits;
  }

  dispose(): void {
    tf.dispose([this.cache.keys, this.cache.values, this.padding, this.realSlot, this.nextLogits, this.projections]);
  }
}

/**
 * The cached decoder on the wasm decode kernels (../wasm/decode-attention.ts): keys and values
 * in one preallocated cache per layer, appended in place, attention in two SIMD loops.
 */
class InPlaceDecoder implements Decoder {
  nextLogits: tf.Tensor2D;
  private caches: tf.Tensor[];
  private readonly padding: tf.Tensor2D; // [B, P + maxNew], additive (see keyPadding)
  private readonly lengths: tf.Tensor1D;
  private readonly P: number;

  constructor(private readonly model: Transformer, padded: LeftPadded, maxNew: number) {
    this.lengths = padded.lengths;
    this.P = padded.tokens.shape[1];
    const prefill = prefillPreallocated(model, padded, maxNew);
    this.nextLogits = prefill.logits;
    this.caches = prefill.caches;
    this.padding = prefill.padding;
  }

  push(tokens: tf.Tensor1D, step: number): void {
    const [B] = tokens.shape;
    const out = tf.tidy(() => {
      const positions = tf.reshape(tf.add(this.lengths, tf.scalar(step, 'int32')), [B, 1]) as tf.Tensor2D;
      return this.model.decodeStep(tf.reshape(tokens, [B, 1]), positions, this.padding, this.caches, this.P + step);
    });
    tf.dispose([...this.caches, this.nextLogits]);
    this.caches = out.caches;
    this.nextLogits = out.logits;
  }

  dispose(): void {
    tf.dispose([...this.caches, this.padding, this.nextLogits]);
  }
}

class RecomputeDecoder implements Decoder {
  nextLogits: tf.Tensor2D;
  private tokens: tf.Tensor2D;
  private positions: tf.Tensor2D;
  private keyMask: tf.Tensor2D;
  private readonly lengths: tf.Tensor1D;

  constructor(private readonly model: Transformer, padded: LeftPadded) {
    this.tokens = tf.clone(padded.tokens);
    this.positions = tf.clone(padded.positions);
    this.keyMask = tf.clone(padded.keyMask);
    this.lengths = padded.lengths;
    this.nextLogits = this.run();
  }

  push(tokens: tf.Tensor1D, step: number): void {
    const [B] = tokens.shape;
    const old = [this.tokens, this.positions, this.keyMask, this.nextLogits];
    [this.tokens, this.positions, this.keyMask] = tf.tidy(() => [
      tf.concat([this.tokens, tf.reshape(tokens, [B, 1])], 1),
      tf.concat([this.positions, tf.reshape(tf.add(this.lengths, tf.scalar(step, 'int32')), [B, 1])], 1),
      tf.concat([this.keyMask, tf.ones([B, 1])], 1),
    ]) as [tf.Tensor2D, tf.Tensor2D, tf.Tensor2D];
    tf.dispose(old);
    this.nextLogits = this.run();
  }

  dispose(): void {
    tf.dispose([this.tokens, this.positions, this.keyMask, this.nextLogits]);
  }

  private run(): tf.Tensor2D {
    return tf.tidy(() => lastPosition(this.model.forward(this.tokens, this.positions, this.keyMask)));
  }
}

/** logits [B, T, V] -> [B, V] at the last position. */
function lastPosition(logits: tf.Tensor3D): tf.Tensor2D {
  return tf.tidy(() => {
    const [B, T, V] = logits.shape;
    return tf.reshape(tf.slice(logits, [0, T - 1, 0], [B, 1, V]), [B, V]);
  });
}
