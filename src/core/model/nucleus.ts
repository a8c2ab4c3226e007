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
    const [B, V] = logits.shape;
    const sorted = tf.topk(tf.div(logits, temperature), V); // descending
    const probs = tf.softmax(sorted.values);
    // Keep a token if the mass strictly before it is below topP: the top token always survives.
    const keep = tf.less(tf.sub(tf.cumsum(probs, 1), probs), topP);
    const keptCdf = tf.cumsum(tf.mul(probs, tf.cast(keep, 'float32')), 1);
    const total = tf.slice(keptCdf, [0, V - 1], [B, 1]);
    const u = tf.mul(tf.randomUniform([B, 1], 0, 1, 'float32', seed), total);
    // Inverse CDF: the first sorted slot whose cumulative mass exceeds u.
    const slot = tf.minimum(tf.sum(tf.cast(tf.lessEqual(keptCdf, u), 'int32'), 1), tf.scalar(V - 1, 'int32'));
    return tf.sum(tf.mul(tf.oneHot(slot, V), sorted.indices), 1) as tf.Tensor1D;
  });
}
