/**
 * The transformer's dense building blocks with hand-written gradients. Why by hand:
 * tfjs's own gradients sum bias and gain gradients over the batch axis, which
 * tfjs-backend-wasm does by transposing first (a [3072, 256] sum took ~5 ms, the same
 * sum as a matmul with a ones row ~0.2 ms), and they use transposed-matmul flags that
 * miss XNNPACK's fast path. These keep every matmul plain.
 */
import * as tf from '@tensorflow/tfjs';

/** Column sums of t [N, D] -> [D], as ones[1, N] @ t. */
export function sumRows(t: tf.Tensor2D): tf.Tensor1D {
  return tf.reshape(tf.matMul(tf.ones([1, t.shape[0]]), t), [t.shape[1]]) as tf.Tensor1D;
}

/**
 * x^T @ dy, transposing whichever of the two is narrower: a transpose costs about as
 * much as the matmul on wasm, and [3072, 256] takes ~6 ms against ~1 ms for [3072, 64].
 */
function weightGrad(x: tf.Tensor2D, dy: tf.Tensor2D): tf.Tensor2D {
  return x.shape[1] <= dy.shape[1] ? tf.matMul(tf.transpose(x), dy) : (tf.transpose(tf.matMul(tf.transpose(dy), x)) as tf.Tensor2D);
}

const matmulOp = tf.customGrad((...args: (tf.Tensor | tf.GradSaveFunc)[]) => {
  const [x, w, save] = args as [tf.Tensor2D, tf.Tensor2D, tf.GradSaveFunc];
  save([x, w]);
  return {
    value: tf.matMul(x, w),
    gradFunc: (dy: tf.Tensor, saved: tf.Tensor[]) => {
      const [sx, sw] = saved as [tf.Tensor2D, tf.Tensor2D];
      const g = dy as tf.Tensor2D;
      return [tf.matMul(g, tf.transpose(sw)), weightGrad(sx, g)];
    },
  };
});

/** x [N, In] @ w [In, Out], without a bias. */
export function project(x: tf.Tensor2D, w: tf.Tensor): tf.Tensor2D {
  return matmulOp(x, w as tf.Tensor2D) as tf.Tensor2D;
}

const linearOp = tf.customGrad((...args: (tf.Tensor | tf.GradSaveFunc)[]) => {
  const [x, w, b, save] = args as [tf.Tensor2D, tf.Tensor2D, tf.Tensor1D, tf.GradSaveFunc];
  save([x, w]);
  return {
    // One fused kernel for matmul + bias.
    value: tf.fused.matMul({ a: x, b: w, bias: b }),
    gradFunc: (dy: tf.Tensor, saved: tf.Tensor[]) => {
      const [sx, sw] = saved as [tf.Tensor2D, tf.Tensor2D];
      const g = dy as tf.Tensor2D;
      return [tf.matMul(g, tf.transpose(sw)), weightGrad(sx, g), sumRows(g)];
    },
  };
});

/** x [N, In] @ w [In, Out] + b [Out]. */
export function linear(x: tf.Tensor2D, w: tf.Tensor, b: tf.Tensor): tf.Tensor2D {
  return linearOp(x, w as tf.Tensor2D, b as tf.Tensor1D) as tf.Tensor2D;
}

export const EPSILON = 1e-5;

/** (x - mean) / std per row, and 1 / std. */
function normalize(x: tf.Tensor2D): { normed: tf.Tensor2D; rstd: tf.Tensor2D } {
  const centered = tf.sub(x, tf.mean(x, -1, true));
  const rstd = tf.rsqrt(tf.add(tf.mean(tf.square(centered), -1, true), EPSILON)) as tf.Tensor2D;
  return { normed: tf.mul(centered, rstd), rstd };
}

const layerNormOp = tf.customGrad((...args: (tf.Tensor | tf.GradSaveFunc)[]) => {
  const [x, gain, bias, save] = args as [tf.Tensor2D, tf.Tensor1D, tf.Tensor1D, tf.GradSaveFunc];
  const { normed, rstd } = normalize(x);
  save([normed, rstd, gain]);
  return {
    value: tf.add(tf.mul(normed, gain), bias),
    gradFunc: (dy: tf.Tensor, saved: tf.Tensor[]) => {
      const [xhat, r, g] = saved as [tf.Tensor2D, tf.Tensor2D, tf.Tensor1D];
      const dxhat = tf.mul(dy, g);
      // d/dx of (x - mean) * rstd, row by row.
      const dx = tf.mul(r, tf.sub(tf.sub(dxhat, tf.mean(dxhat, -1, true)), tf.mul(xhat, tf.mean(tf.mul(dxhat, xhat), -1, true))));
      return [dx, sumRows(tf.mul(dy, xhat) as tf.Tensor2D), sumRows(dy as tf.Tensor2D)];
    },
  };
});

/** LayerNorm over the last axis of x [N, D], with gain and bias [D]. */
export function layerNorm(x: tf.Tensor2D, gain: tf.Tensor, bias: tf.Tensor): tf.Tensor2D {
  return layerNormOp(x, gain as tf.Tensor1D, bias as tf.Tensor1D) as tf.Tensor2D;
}

/**
 * Rows of `table` picked by one-hot rows [N, rows] (a matmul, not tf.gather: gather's
 * gradient is slow on cpu). The gradient goes to the table only.
 */
export function lookup(oneHotRows: tf.Tensor2D, table: tf.Tensor): tf.Tensor2D {
  const op = tf.customGrad((...args: (tf.Tensor | tf.GradSaveFunc)[]) => {
    const [t, save] = args as [tf.Tensor2D, tf.GradSaveFunc];
    // Saved, so the rows outlive the caller's tidy until the backward pass.
    save([oneHotRows]);
    return {
      value: tf.matMul(oneHotRows, t),
      gradFunc: (dy: tf.Tensor, saved: tf.Tensor[]) => [tf.matMul(tf.transpose(saved[0]!), dy as tf.Tensor2D)],
    };
  });
  return op(table as tf.Tensor2D) as tf.Tensor2D;
}

/**
 * The dense ops of a forward pass: with the gradients above (training), or plain ops with
 * none (decoding: no tape, so the custom-gradient bookkeeping would be pure overhead).
 */
export interface DenseOps {
  layerNorm(x: tf.Tensor2D, gain: tf.Tensor, bias: tf.Tensor): tf.Tensor2D;
  linear(x: tf.Tensor2D, w: tf.Tensor, b: tf.Tensor): tf.Tensor2D;
  project(x: tf.Tensor2D, w: tf.Tensor): tf.Tensor2D;
  /** x + linear(h, w, b): a block's projection added to the residual stream x. */
  residualLinear(x: tf.Tensor2D, h: tf.Tensor2D, w: tf.Tensor, b: tf.Tensor): tf.Tensor2D;
  /** x + linear(gelu(linear(layerNorm(x, gain, lnBias), wUp, bUp)), wDown, bDown): a block's MLP on the residual stream x. */
  residualMLP(x: tf.Tensor2D, gain: tf.Tensor, lnBias: tf.Tensor, wUp: tf.Tensor, bUp: tf.Tensor, wDown: tf.Tensor, bDown: tf.Tensor): tf.Tensor2D;
  /** Query, key and value [N, D] from x and the fused weight [D, 3D] and bias [3D]. */
  qkv(x: tf.Tensor2D, w: tf.Tensor, b: tf.Tensor): tf.Tensor2D[];
  lookup(oneHotRows: tf.Tensor2D, table: tf.Tensor): tf.Tensor2D;
  /**
   * Optional: token plus position embeddings of tokens [B, T] at positions 0..T-1, time-major
   * [T*B, D] (row t*B + b). Without it, the model embeds through lookup.
   */
  embed?(tokens: tf.Tensor2D, tokenTable: tf.Tensor, positionTable: tf.Tensor): tf.Tensor2D;
  /** The MLP's activation. */
  gelu(x: tf.Tensor2D): tf.Tensor2D;
}

/** GELU via x*sigmoid(1.702x): tanh is ~8x slower than sigmoid on wasm. */
const gelu = (x: tf.Tensor2D) => tf.mul(x, tf.sigmoid(tf.mul(x, 1.702))) as tf.Tensor2D;

/** residualMLP from the ops' own LayerNorm, linear, GELU and residualLinear. */
export function residualMLPOf(ops: Pick<DenseOps, 'layerNorm' | 'linear' | 'gelu' | 'residualLinear'>): DenseOps['residualMLP'] {
  return (x, gain, lnBias, wUp, bUp, wDown, bDown) => ops.residualLinear(x, ops.gelu(ops.linear(ops.layerNorm(x, gain, lnBias), wUp, bUp)), wDown, bDown);
}

const residualLinear = (x: tf.Tensor2D, h: tf.Tensor2D, w: tf.Tensor, b: tf.Tensor) => tf.add(x, linear(h, w, b)) as tf.Tensor2D;

export const TRAINING_OPS: DenseOps = {
  layerNorm,
  linear,
  project,
  residualLinear,
  residualMLP: residualMLPOf({ layerNorm, linear, gelu, residualLinear }),
  lookup,
  gelu,
  // Three projections from slices of the weights, not one split of the activations:
  // wasm's SplitV along the inner axis of [3072, 192] costs more than two extra matmuls.
  qkv: (x, w, b) => {
    const ws = tf.split(w, 3, 1);
    const bs = tf.split(b, 3);
    return [0, 1, 2].map((i) => linear(x, ws[i]!, bs[i]!));
  },
};

const plainLinear = (x: tf.Tensor2D, w: tf.Tensor, b: tf.Tensor) => tf.fused.matMul({ a: x, b: w as tf.Tensor2D, bias: b }) as tf.Tensor2D;
const plainResidualLinear = (x: tf.Tensor2D, h: tf.Tensor2D, w: tf.Tensor, b: tf.Tensor) => tf.add(x, plainLinear(h, w, b)) as tf.Tensor2D;

const plainLayerNorm = (x: tf.Tensor2D, gain: tf.Tensor, bias: tf.Tensor) => tf.add(tf.mul(normalize(x).normed, gain), bias) as tf.Tensor2D;

export const INFERENCE_OPS: DenseOps = {
  layerNorm: plainLayerNorm,
  linear: plainLinear,
  project: (x, w) => tf.matMul(x, w as tf.Tensor2D),
  residualLinear: plainResidualLinear,
  residualMLP: residualMLPOf({ layerNorm: plainLayerNorm, linear: plainLinear, gelu, residualLinear: plainResidualLinear }),
  lookup: (oneHotRows, table) => tf.matMul(oneHotRows, table as tf.Tensor2D),
  gelu,
  // A few rows per decoding step: one matmul and a split is fewer kernels.
  qkv: (x, w, b) => tf.split(plainLinear(x, w, b), 3, 1),
};
