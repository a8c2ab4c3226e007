/**
 * The start of a rollout whose decoding steps append keys and values in place (the fused
 * WebGPU decoder, fused-decode.ts, and the wasm one in sampler.ts): the prompt's prefill, then
 * its keys and values in one preallocated cache per layer [2, P + maxNew, B*H, dHead] and
 * its padding in one [B, P + maxNew] mask (the new tokens are never padding).
 */
import * as tf from '@tensorflow/tfjs';
import type { LeftPadded } from './sampler';
import { keyPadding, type Transformer } from './transformer';

export interface PreallocatedPrefill {
  /** float32 [B, V]: the logits for the first new token. */
  logits: tf.Tensor2D;
  caches: tf.Tensor[];
  padding: tf.Tensor2D;
}

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
