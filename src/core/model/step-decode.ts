/**
 * Decoding paths on tfjs ops, a token at a time: a StepDecoder gives the next logits, pickNext
 * draws from them on the device, and the chosen tokens are fed back. The plain KV cache and the
 * full recompute are here; the in-place cache of the wasm kernels is in preallocated-cache.ts.
 */
import * as tf from '@tensorflow/tfjs';
import { chooseTokens } from './nucleus';
import { seedStream } from '../random';
import type { DecodingPath, LeftPadded, SampleOptions, SampleResult } from './decoding';
import { keyPadding, type KVCache, type QKVProjections, type Transformer } from './transformer';

/**
 * How often (in tokens) the loop reads back the "all rows finished?" flag for early stop.
 * The fused WebGPU path has no early stop: one read-back per rollout (fused-decode.ts).
 */
const FINISHED_CHECK_EVERY = 8;

/** Incremental decoding state: the logits for the next token, and how to feed back a chosen token. */
export interface StepDecoder {
  /** float32 [B, V]. */
  readonly nextLogits: tf.Tensor2D;
  /** Feed the step-th new tokens (int32 [B]); nextLogits then refers to the following token. */
  push(tokens: tf.Tensor1D, step: number): void;
  dispose(): void;
}

export type MakeStepDecoder = (model: Transformer, padded: LeftPadded, opts: SampleOptions) => StepDecoder;

/** The decoding path that runs `make`'s decoder a token at a time. */
export function stepwise(make: MakeStepDecoder): DecodingPath {
  return (model, padded, opts) => stepRollout(make(model, padded, opts), padded.tokens.shape[0], opts);
}

async function stepRollout(decoder: StepDecoder, B: number, opts: SampleOptions): Promise<SampleResult> {
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
    tf.dispose([...chosen, ...logits, done, pad]);
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

/** The plain ops with a KV cache: each new token runs one position, its keys and values concatenated on. */
export class CachedDecoder implements StepDecoder {
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

/** No cache: the whole sequence again for every token (the benchmark's and the tests' baseline). */
export class RecomputeDecoder implements StepDecoder {
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
