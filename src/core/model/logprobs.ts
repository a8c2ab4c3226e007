import * as tf from '@tensorflow/tfjs';
import { bucketLength } from './buckets';
import { fusedTokenLogProbs } from './fused-ops';
import { fusedKernelsActive } from '../webgpu';
import type { Transformer } from './transformer';

/** Right-padded prompt+completion rows; mask is 1 on completion tokens (the ones scored). */
export interface SequenceBatch {
  tokens: tf.Tensor2D; // int32 [B, T]
  mask: tf.Tensor2D; // float32 [B, T]
}

/**
 * log p(token_t | tokens_<t) as float32 [B, T], zero where mask is 0.
 * Differentiable w.r.t. the model weights, so usable inside optimizer.minimize.
 * On the fused WebGPU kernels, the head and all that follows it is one kernel (fusedTokenLogProbs).
 */
export function completionLogProbs(model: Transformer, batch: SequenceBatch): tf.Tensor2D {
  return tf.tidy(() => {
    if (fusedKernelsActive()) return fusedTokenLogProbs(model.timeMajorFeatures(batch.tokens), model.decodeWeights().head, batch.tokens, batch.mask);
    return tokenLogProbsOf(model.forward(batch.tokens), batch.tokens, batch.mask);
  });
}

/** completionLogProbs from the logits [B, T, V] of tokens [B, T]: each position's log-prob of its own token, masked. */
export function tokenLogProbsOf(logits: tf.Tensor3D, tokens: tf.Tensor2D, mask: tf.Tensor2D): tf.Tensor2D {
  return tf.tidy(() => {
    const [B, T, V] = logits.shape;
    const logProbs = tf.logSoftmax(logits); // [B, T, V]: distribution of token t+1
    const nextTokens = tf.concat([tf.slice(tokens, [0, 1], [B, T - 1]), tf.zeros([B, 1], 'int32')], 1);
    const nextOneHot = tf.cast(tf.oneHot(nextTokens, V), 'float32');
    const ofNext = tf.sum(tf.mul(logProbs, nextOneHot), 2); // [B, T]: log p(token_{t+1} | <= t)
    // Shift right by one so column t scores token t; token 0 has no context and scores 0.
    const ofToken = tf.concat([tf.zeros([B, 1]), tf.slice(ofNext, [0, 0], [B, T - 1])], 1);
    return tf.mul(ofToken, mask) as tf.Tensor2D;
  });
}

/**
 * Builds a SequenceBatch: each row is prompt+completion, right-padded with padId
 * to the longest row rounded up to a shape bucket, capped at maxLen (the model's).
 */
export function sequenceBatch(
  rows: { prompt: number[]; completion: number[] }[],
  padId: number,
  maxLen: number,
): SequenceBatch {
  if (rows.length === 0) throw new Error('sequenceBatch: no rows');
  const longest = Math.max(...rows.map((r) => r.prompt.length + r.completion.length));
  const T = bucketLength(longest, maxLen);
  const tokens = new Int32Array(rows.length * T).fill(padId);
  const mask = new Float32Array(rows.length * T);
  rows.forEach((row, b) => {
    if (row.prompt.length === 0) throw new Error('sequenceBatch: every row needs a non-empty prompt');
    tokens.set(row.prompt, b * T);
    tokens.set(row.completion, b * T + row.prompt.length);
    mask.fill(1, b * T + row.prompt.length, b * T + row.prompt.length + row.completion.length);
  });
  return { tokens: tf.tensor2d(tokens, [rows.length, T], 'int32'), mask: tf.tensor2d(mask, [rows.length, T]) };
}
