/**
 * The GRPO policy loss, with TRL's names. Per completion token t of sequence i:
 *   ratio = exp(logp - old_logp)
 *   l     = -min(ratio * A_i, clip(ratio, 1 - epsilon, 1 + epsilon_high) * A_i)
 *           + beta * (exp(ref - logp) - (ref - logp) - 1)       (k3 KL estimator)
 * aggregated by loss_type:
 *   grpo    mean over each sequence's tokens, then over sequences
 *   dapo    sum over all tokens / number of completion tokens
 *   dr_grpo sum over all tokens / (sequences * max_completion_length)
 */
import * as tf from '@tensorflow/tfjs';

export type LossType = 'grpo' | 'dapo' | 'dr_grpo';

export interface PolicyLossOptions {
  epsilon: number;
  epsilonHigh: number;
  beta: number;
  lossType: LossType;
  maxCompletionLength: number;
}

export interface PolicyLossInputs {
  /** Log-probs under the policy being updated, float32 [B, T] (differentiable). */
  logp: tf.Tensor2D;
  /** Log-probs when the rollouts were sampled, [B, T] (constant). */
  oldLogp: tf.Tensor2D;
  /** Log-probs under the frozen reference, [B, T]; needed when beta > 0. */
  refLogp?: tf.Tensor2D;
  /** One advantage per sequence, [B]. */
  advantages: tf.Tensor1D;
  /** 1 on completion tokens, [B, T]. */
  mask: tf.Tensor2D;
}

/** k3 estimate of KL(policy || reference) per token. */
export function k3(logp: tf.Tensor, refLogp: tf.Tensor): tf.Tensor {
  const d = tf.sub(refLogp, logp);
  return tf.sub(tf.sub(tf.exp(d), d), 1);
}

export function policyLoss(inputs: PolicyLossInputs, options: PolicyLossOptions): tf.Scalar {
  return tf.tidy(() => {
    const { logp, oldLogp, refLogp, mask } = inputs;
    const adv = tf.expandDims(inputs.advantages, 1);
    const ratio = tf.exp(tf.sub(logp, oldLogp));
    const clipped = tf.clipByValue(ratio, 1 - options.epsilon, 1 + options.epsilonHigh);
    let perToken = tf.neg(tf.minimum(tf.mul(ratio, adv), tf.mul(clipped, adv)));
    if (options.beta > 0) {
      if (!refLogp) throw new Error('policyLoss: beta > 0 needs reference log-probs');
      perToken = tf.add(perToken, tf.mul(options.beta, k3(logp, refLogp)));
    }
    const masked = tf.mul(perToken, mask);
    if (options.lossType === 'grpo') {
      const perSeq = tf.div(tf.sum(masked, 1), tf.maximum(tf.sum(mask, 1), 1));
      return tf.mean(perSeq) as tf.Scalar;
    }
    if (options.lossType === 'dapo') return tf.div(tf.sum(masked), tf.maximum(tf.sum(mask), 1)) as tf.Scalar;
    return tf.div(tf.sum(masked), mask.shape[0] * options.maxCompletionLength) as tf.Scalar;
  });
}
