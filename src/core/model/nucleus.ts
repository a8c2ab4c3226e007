import * as tf from '@tensorflow/tfjs';

/**
 * Next tokens int32 [B] from logits [B, V], entirely on device.
 * temperature 0 is greedy (argmax); otherwise logits are divided by the
 * temperature and a token is drawn from the smallest set of most likely tokens
 * whose probability reaches topP (nucleus sampling). `seed` makes the draw
 * reproducible.
 */
export function chooseTokens(logits: tf.Tensor2D, temperature: number, topP: number, seed: number): tf.Tensor1D {
  return tf.tidy(() => {
    if (temperature <= 0) return tf.argMax(logits, 1) as tf.Tensor1D;
    if (topP >= 1) return drawFrom(tf.softmax(temperature === 1 ? logits : tf.div<tf.Tensor2D>(logits, temperature)), seed);
    const V = logits.shape[1];
    const sorted = tf.topk(tf.div(logits, temperature), V); // descending
    const probs = tf.softmax(sorted.values);
    // Keep a token if the mass strictly before it is below topP: the top token always survives.
    const keep = tf.less(tf.sub(tf.cumsum(probs, 1), probs), topP);
    const keptCdf = tf.cumsum(tf.mul(probs, tf.cast(keep, 'float32')), 1);
    const slot = inverseCdf(keptCdf as tf.Tensor2D, seed);
    return tf.sum(tf.mul(tf.oneHot(slot, V), sorted.indices), 1) as tf.Tensor1D;
  });
}

/** A token drawn from probabilities [B, V]; with no top-p cut nothing needs sorting (a third of the kernels). */
function drawFrom(probs: tf.Tensor2D, seed: number): tf.Tensor1D {
  return inverseCdf(tf.cumsum(probs, 1), seed);
}

/** Inverse CDF: per row, the first slot whose cumulative mass [B, V] exceeds a seeded uniform draw of the row's total. */
function inverseCdf(cdf: tf.Tensor2D, seed: number): tf.Tensor1D {
  const [B, V] = cdf.shape;
  const u = tf.mul(tf.randomUniform([B, 1], 0, 1, 'float32', seed), tf.slice(cdf, [0, V - 1], [B, 1]));
  // cdf - u <= 0 is cdf <= u exactly; wasm's lessEqual against a [B, 1] column is ~10x slower than sub.
  return tf.minimum(tf.sum(tf.cast(tf.lessEqual(tf.sub(cdf, u), 0), 'int32'), 1), tf.scalar(V - 1, 'int32')) as tf.Tensor1D;
}
