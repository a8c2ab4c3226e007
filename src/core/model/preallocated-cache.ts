/**
 * The keys and values of a rollout in one preallocated cache per layer [2, P + maxNew, B*H,
 * dHead], filled in place by the decoding steps (the fused WebGPU decoder, fused-decode.ts,
 * and the wasm one here), and its padding in one [B, P + maxNew] mask (the new tokens are
 * never padding).
 */
import * as tf from '@tensorflow/tfjs';
import type { LeftPadded } from './decoding';
import type { StepDecoder } from './step-decode';
import { keyPadding, type Transformer } from './transformer';

export interface PreallocatedPrefill {
  /** float32 [B, V]: the logits for the first new token. */
  logits: tf.Tensor2D;
  caches: tf.Tensor[];
  padding: tf.Tensor2D;
}

/** The prompt's prefill, its keys and values copied into caches with room for maxNew more. */
export function prefillPreallocated(model: Transformer, padded: LeftPadded, maxNew: number): PreallocatedPrefill {
  const prefillPadding = keyPadding(padded.keyMask);
  const prefill = model.forwardCached(padded.tokens, padded.positions, prefillPadding, model.emptyCache());
  const [caches, padding] = tf.tidy(() => [
    prefill.cache.keys.map((k, l) =>
      tf.stack([tf.pad(k, [[0, maxNew], [0, 0], [0, 0]]), tf.pad(prefill.cache.values[l]!, [[0, maxNew], [0, 0], [0, 0]])]),
    ),
    tf.pad(prefillPadding, [[0, 0], [0, maxNew]]) as tf.Tensor2D,
  ]);
  tf.dispose([prefillPadding, ...prefill.cache.keys, ...prefill.cache.values]);
  return { logits: prefill.logits, caches, padding };
}

/**
 * The step decoder on the wasm decode kernels (../wasm/decode-attention.ts): each token's
 * keys and values appended in place, its attention in two SIMD loops.
 */
export class InPlaceDecoder implements StepDecoder {
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
