import * as tf from '@tensorflow/tfjs';

/** Swap the last two axes of a rank-2 or rank-3 tensor. */
function swapLastTwo(x: tf.Tensor): tf.Tensor {
  return x.rank === 2 ? tf.transpose(x) : tf.transpose(x, [0, 2, 1]);
}

/**
 * a @ b (rank 2, or rank 3 with equal batch) with a hand-written gradient.
 * tf.matMul's built-in gradient uses the transposeA/transposeB flags, which on
 * the wasm backend miss the XNNPACK fast path and run ~10-20x slower; an
 * explicit transpose followed by a plain matmul is much cheaper.
 */
export const matmul = tf.customGrad((...args: (tf.Tensor | tf.GradSaveFunc)[]) => {
  const [a, b, save] = args as [tf.Tensor, tf.Tensor, tf.GradSaveFunc];
  save([a, b]);
  return {
    value: tf.matMul(a, b),
    gradFunc: (dy: tf.Tensor, saved: tf.Tensor[]) => {
      const [sa, sb] = saved as [tf.Tensor, tf.Tensor];
      return [tf.matMul(dy, swapLastTwo(sb)), tf.matMul(swapLastTwo(sa), dy)];
    },
  };
}) as <R extends tf.Rank>(a: tf.Tensor<R>, b: tf.Tensor<R>) => tf.Tensor<R>;
