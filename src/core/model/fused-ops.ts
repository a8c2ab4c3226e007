/**
 * The model's ops on the fused WebGPU kernels (../webgpu): LayerNorm, GELU and attention
 * with their backward kernels as custom gradients. Taken when fusedKernelsActive(); the
 * plain versions (layers.ts, attention.ts) are the reference.
 */
import * as tf from '@tensorflow/tfjs';
import { ATTENTION, ATTENTION_GRAD, GELU, GELU_GRAD, LAYER_NORM, GELU_LINEAR_GRAD, LAYER_NORM_GRAD, NORM_LINEAR_GELU, RESIDUAL_LINEAR, TOKEN_EMBED, TOKEN_EMBED_GRAD, TOKEN_LOG_PROB, TOKEN_LOG_PROB_GRAD, WEIGHT_GRAD } from '../webgpu';
import { EPSILON, INFERENCE_OPS, residualMLPOf, TRAINING_OPS, type DenseOps } from './layers';

type Args = (tf.Tensor | tf.GradSaveFunc)[];
const run = (name: string, inputs: tf.NamedTensorMap, attrs: tf.NamedAttrMap = {}) => tf.engine().runKernel(name, inputs, attrs);

/**
 * A residual stream x that a LayerNorm reads: the gradient a residual add sends back to x
 * (`dy`, set by the add's backward pass, which runs first) goes into the LayerNorm's backward
 * kernel, which adds it to its own dx. So the add takes x out of the tape (`claimed`), and
 * tfjs does not add the two gradients in a dispatch of its own.
 */
type Stream = { claimed: boolean; dy?: tf.Tensor };
const streams = new WeakMap<tf.Tensor, Stream>();

function layerNorm(x: tf.Tensor2D, gain: tf.Tensor, bias: tf.Tensor): tf.Tensor2D {
  const stream: Stream = { claimed: false };
  streams.set(x, stream);
  const op = tf.customGrad((...args: Args) => {
    const [sx, sg, sb, save] = args as [tf.Tensor2D, tf.Tensor1D, tf.Tensor1D, tf.GradSaveFunc];
    const [y, stats] = run(LAYER_NORM, { x: sx, gain: sg, bias: sb }, { epsilon: EPSILON, withStats: true }) as tf.Tensor[];
    save([sx, sg, stats!]);
    return {
      value: y!,
      gradFunc: (dy: tf.Tensor, saved: tf.Tensor[]) => {
        const [x0, g0, st] = saved;
        const residual = stream.dy;
        stream.dy = undefined;
        return run(LAYER_NORM_GRAD, { x: x0!, gain: g0!, stats: st!, dy, ...(residual && { residual }) }) as tf.Tensor[];
      },
    };
  });
  return op(x, gain as tf.Tensor1D, bias as tf.Tensor1D) as tf.Tensor2D;
}

const geluOp = tf.customGrad((...args: Args) => {
  const [x, save] = args as [tf.Tensor, tf.GradSaveFunc];
  save([x]);
  return {
    value: run(GELU, { x }) as tf.Tensor,
    gradFunc: (dy: tf.Tensor, saved: tf.Tensor[]) => run(GELU_GRAD, { x: saved[0]!, dy }) as tf.Tensor,
  };
});

/**
 * x @ w + b with its gradient through matMul's transpose flags: free on webgpu, where the
 * plain path's explicit transposes (kept for wasm's XNNPACK, see layers.ts) are dispatches;
 * the weight and bias gradients in one dispatch (AgonWeightGrad).
 */
const linearOp = tf.customGrad((...args: Args) => {
  const [x, w, b, save] = args as [tf.Tensor2D, tf.Tensor2D, tf.Tensor1D, tf.GradSaveFunc];
  save([x, w]);
  return {
    value: tf.fused.matMul({ a: x, b: w, bias: b }),
    gradFunc: (dy: tf.Tensor, saved: tf.Tensor[]) => {
      const [sx, sw] = saved as [tf.Tensor2D, tf.Tensor2D];
      const g = dy as tf.Tensor2D;
      const [dw, db] = run(WEIGHT_GRAD, { x: sx, dy: g }) as tf.Tensor[];
      return [tf.matMul(g, sw, false, true), dw!, db!];
    },
  };
});

/** x's stream, claimed for one residual add; undefined where tfjs must add x's gradients (see Stream). */
function claim(x: tf.Tensor2D): Stream | undefined {
  const stream = streams.get(x);
  if (!stream || stream.claimed) return undefined;
  stream.claimed = true;
  return stream;
}

/**
 * x + h @ w + b in one dispatch (AgonResidualLinear). x's gradient, dy, goes to x's LayerNorm
 * (see Stream); where x is no LayerNorm's input, or another add has claimed it, tfjs adds.
 */
function residualLinear(x: tf.Tensor2D, h: tf.Tensor2D, w: tf.Tensor, b: tf.Tensor): tf.Tensor2D {
  const stream = claim(x);
  if (!stream) return tf.add(x, linear(h, w, b));
  const op = tf.customGrad((...args: Args) => {
    const [sh, sw, sb, save] = args as [tf.Tensor2D, tf.Tensor2D, tf.Tensor1D, tf.GradSaveFunc];
    save([sh, sw]);
    return {
      value: run(RESIDUAL_LINEAR, { x: sh, w: sw, bias: sb, residual: x }) as tf.Tensor2D,
      gradFunc: (dy: tf.Tensor, saved: tf.Tensor[]) => {
        stream.dy = dy;
        const [h0, w0] = saved as [tf.Tensor2D, tf.Tensor2D];
        const [dw, db] = run(WEIGHT_GRAD, { x: h0, dy }) as tf.Tensor[];
        return [tf.matMul(dy as tf.Tensor2D, w0, false, true), dw!, db!];
      },
    };
  });
  return op(h, w as tf.Tensor2D, b as tf.Tensor1D) as tf.Tensor2D;
}

/**
 * x + gelu(layerNorm(x) @ wUp + bUp) @ wDown + bDown in two dispatches (AgonNormLinearGelu,
 * AgonResidualLinear) and its backward in five (the down projection's weight gradients; its
 * input gradient with GELU's, AgonGeluLinearGrad; the up projection's weight gradients from x
 * normalized as read; the normalized rows' gradient; LayerNorm's backward, which adds x's
 * gradient from the residual add), where the separate ops take four and seven. The normalized
 * rows are never stored.
 */
function residualMLP(x: tf.Tensor2D, gain: tf.Tensor, lnBias: tf.Tensor, wUp: tf.Tensor, bUp: tf.Tensor, wDown: tf.Tensor, bDown: tf.Tensor): tf.Tensor2D {
  const op = tf.customGrad((...args: Args) => {
    const [sx, sg, slb, su, sbu, sd, sbd, save] = args as [tf.Tensor2D, tf.Tensor1D, tf.Tensor1D, tf.Tensor2D, tf.Tensor1D, tf.Tensor2D, tf.Tensor1D, tf.GradSaveFunc];
    const [up, activated, stats] = run(NORM_LINEAR_GELU, { x: sx, gain: sg, lnBias: slb, w: su, bias: sbu }, { epsilon: EPSILON }) as tf.Tensor2D[];
    save([sx, sg, slb, su, sd, up!, activated!, stats!]);
    return {
      value: run(RESIDUAL_LINEAR, { x: activated!, w: sd, bias: sbd, residual: sx }) as tf.Tensor2D,
      gradFunc: (dy: tf.Tensor, saved: tf.Tensor[]) => {
        const [x0, g0, lb0, wu0, wd0, up0, a0, st0] = saved as tf.Tensor2D[];
        const [dwDown, dbDown] = run(WEIGHT_GRAD, { x: a0!, dy }) as tf.Tensor[];
        const dUp = run(GELU_LINEAR_GRAD, { dy, w: wd0!, up: up0! }) as tf.Tensor2D;
        const [dwUp, dbUp] = run(WEIGHT_GRAD, { x: x0!, dy: dUp, gain: g0!, lnBias: lb0!, stats: st0! }) as tf.Tensor[];
        const dNormed = tf.matMul(dUp, wu0!, false, true);
        const [dx, dGain, dLnBias] = run(LAYER_NORM_GRAD, { x: x0!, gain: g0!, stats: st0!, dy: dNormed, residual: dy }) as tf.Tensor[];
        return [dx!, dGain!, dLnBias!, dwUp!, dbUp!, dwDown!, dbDown!];
      },
    };
  });
  return op(x, gain as tf.Tensor1D, lnBias as tf.Tensor1D, wUp as tf.Tensor2D, bUp as tf.Tensor1D, wDown as tf.Tensor2D, bDown as tf.Tensor1D) as tf.Tensor2D;
}

const projectOp = tf.customGrad((...args: Args) => {
  const [x, w, save] = args as [tf.Tensor2D, tf.Tensor2D, tf.GradSaveFunc];
  save([x, w]);
  return {
    value: tf.matMul(x, w),
    gradFunc: (dy: tf.Tensor, saved: tf.Tensor[]) => {
      const [sx, sw] = saved as [tf.Tensor2D, tf.Tensor2D];
      return [tf.matMul(dy as tf.Tensor2D, sw, false, true), tf.matMul(sx, dy as tf.Tensor2D, true, false)];
    },
  };
});

/** Token plus position embeddings, time-major [T*B, D], and their tables' gradients: one dispatch forward, two backward. */
function embed(tokens: tf.Tensor2D, tokenTable: tf.Tensor, positionTable: tf.Tensor): tf.Tensor2D {
  const [vocabSize, maxLen] = [tokenTable.shape[0]!, positionTable.shape[0]!];
  const op = tf.customGrad((...args: Args) => {
    const [wte, wpe, save] = args as [tf.Tensor2D, tf.Tensor2D, tf.GradSaveFunc];
    // The tokens: they must outlive the forward pass's tidy until the backward pass.
    save([tokens]);
    return {
      value: run(TOKEN_EMBED, { tokens, wte, wpe }) as tf.Tensor2D,
      gradFunc: (dy: tf.Tensor, saved: tf.Tensor[]) => run(TOKEN_EMBED_GRAD, { tokens: saved[0]!, dy }, { vocabSize, maxLen }) as tf.Tensor[],
    };
  });
  return op(tokenTable as tf.Tensor2D, positionTable as tf.Tensor2D) as tf.Tensor2D;
}

const linear = (x: tf.Tensor2D, w: tf.Tensor, b: tf.Tensor) => linearOp(x, w as tf.Tensor2D, b as tf.Tensor1D) as tf.Tensor2D;

export const FUSED_TRAINING_OPS: DenseOps = {
  ...TRAINING_OPS,
  layerNorm,
  gelu: (x) => geluOp(x) as tf.Tensor2D,
  linear,
  residualLinear,
  residualMLP,
  project: (x, w) => projectOp(x, w as tf.Tensor2D) as tf.Tensor2D,
  embed,
  // One matmul and a split of the activations: fewer dispatches than three matmuls on slices of
  // the weights. (The training forward pass needs no split: fusedQKVAttention reads qkv itself.)
  qkv: (x, w, b) => tf.split(linear(x, w, b), 3, 1),
};

const fusedGelu = (x: tf.Tensor2D) => run(GELU, { x }) as tf.Tensor2D;
const fusedLayerNorm = (x: tf.Tensor2D, gain: tf.Tensor, bias: tf.Tensor) => run(LAYER_NORM, { x, gain, bias }, { epsilon: EPSILON, withStats: false }) as tf.Tensor2D;

export const FUSED_INFERENCE_OPS: DenseOps = {
  ...INFERENCE_OPS,
  layerNorm: fusedLayerNorm,
  gelu: fusedGelu,
  residualMLP: residualMLPOf({ ...INFERENCE_OPS, layerNorm: fusedLayerNorm, gelu: fusedGelu }),
};

/** Self-attention with gradients, as selfAttention (attention.ts): q, k, v [T, C, d], mask [T, 1 or B, 1, T]. */
export function fusedSelfAttention(q: tf.Tensor3D, k: tf.Tensor3D, v: tf.Tensor3D, mask: tf.Tensor4D): tf.Tensor3D {
  const op = tf.customGrad((...args: Args) => {
    const [sq, sk, sv, save] = args as [tf.Tensor3D, tf.Tensor3D, tf.Tensor3D, tf.GradSaveFunc];
    const [out, lse] = run(ATTENTION, { q: sq, k: sk, v: sv, mask }, { withStats: true }) as tf.Tensor[];
    // The mask too: it must outlive the forward pass's tidy until the backward pass.
    save([sq, sk, sv, mask, out!, lse!]);
    return {
      value: out!,
      gradFunc: (dy: tf.Tensor, saved: tf.Tensor[]) => {
        const [q0, k0, v0, m0, o0, l0] = saved;
        return run(ATTENTION_GRAD, { q: q0!, k: k0!, v: v0!, mask: m0!, out: o0!, lse: l0!, dy }) as tf.Tensor[];
      },
    };
  });
  return op(q, k, v) as tf.Tensor3D;
}

/**
 * Causal self-attention read straight from the q/k/v projection qkv [T*B, 3D] (time-major
 * rows, as ops.linear(h, wQKV, bQKV) gives it) with `heads` heads, mask [T, 1 or B, 1, T]:
 * the mixed values [T*B, D]. What Transformer.headAttention and selfAttention compute, with
 * no split, scale or reshape around the kernels, and the gradient as one dqkv.
 */
export function fusedQKVAttention(qkv: tf.Tensor2D, mask: tf.Tensor4D, heads: number): tf.Tensor2D {
  const op = tf.customGrad((...args: Args) => {
    const [x, save] = args as [tf.Tensor2D, tf.GradSaveFunc];
    const [out, lse] = run(ATTENTION, { qkv: x, mask }, { heads, withStats: true }) as tf.Tensor[];
    save([x, mask, out!, lse!]);
    return {
      value: out!,
      gradFunc: (dy: tf.Tensor, saved: tf.Tensor[]) => {
        const [x0, m0, o0, l0] = saved;
        return run(ATTENTION_GRAD, { qkv: x0!, mask: m0!, out: o0!, lse: l0!, dy }, { heads }) as tf.Tensor;
      },
    };
  });
  return op(qkv) as tf.Tensor2D;
}

/** Attention of q [S, C, d] over keys and values [L, C, d], forward only, as attend (attention.ts). */
export function fusedAttend(q: tf.Tensor3D, keys: tf.Tensor3D, values: tf.Tensor3D, mask: tf.Tensor4D): tf.Tensor3D {
  return run(ATTENTION, { q, k: keys, v: values, mask }, { withStats: false }) as tf.Tensor3D;
}

/**
 * Each position's log-prob of its own token, masked, as completionLogProbs (logprobs.ts)
 * computes it from the logits, the head's matmul included: features [T*B, D] time-major
 * (Transformer.timeMajorFeatures), head [D, V], tokens int32 [B, T], mask [B, T] -> [B, T].
 * One dispatch forward; backward one, and a matmul for the head's gradient.
 */
export function fusedTokenLogProbs(features: tf.Tensor2D, head: tf.Tensor, tokens: tf.Tensor2D, mask: tf.Tensor2D): tf.Tensor2D {
  const op = tf.customGrad((...args: Args) => {
    const [x, w, save] = args as [tf.Tensor2D, tf.Tensor2D, tf.GradSaveFunc];
    // Tokens and mask too: they must outlive the caller's tidy until the backward pass.
    save([x, w, tokens, mask]);
    return {
      value: run(TOKEN_LOG_PROB, { features: x, head: w, tokens, mask }) as tf.Tensor2D,
      gradFunc: (dy: tf.Tensor, saved: tf.Tensor[]) => {
        const [x0, w0, t0, m0] = saved as [tf.Tensor2D, tf.Tensor2D, tf.Tensor, tf.Tensor];
        const [dlogits, dx] = run(TOKEN_LOG_PROB_GRAD, { features: x0, head: w0, tokens: t0, mask: m0, dy }) as tf.Tensor2D[];
        return [dx!, tf.matMul(x0, dlogits!, true, false)];
      },
    };
  });
  return op(features, head as tf.Tensor2D) as tf.Tensor2D;
}
