/**
 * One policy-gradient update of a model on its own rollouts (the GRPO update that
 * both GRPO and each Agon stream take). The sampler's log-probs are the "old"
 * policy, so with num_iterations = 1 the ratio is 1 and the clip is idle.
 */
import * as tf from '@tensorflow/tfjs';
import { completionLogProbs, sequenceBatch } from '../model/logprobs';
import type { Transformer } from '../model/transformer';
import { PAD_ID } from '../tokenizer/tokenizer';
import type { RlConfig } from './config';
import { k3, policyLoss } from './grpo-loss';
import { scoredRow, type Rollout } from './rollout';

export interface UpdateStats {
  loss: number;
  /** Mean per-token k3 KL from the policy that sampled the batch to the reference (0 without one). */
  kl: number;
}

/** Sampled log-probs laid out like the batch's mask: [B, T], at the completion positions. */
function oldLogProbs(rows: readonly Rollout[], promptLengths: number[], T: number): tf.Tensor2D {
  const out = new Float32Array(rows.length * T);
  rows.forEach((r, b) => out.set(r.tokenLogProbs, b * T + (promptLengths[b] as number)));
  return tf.tensor2d(out, [rows.length, T]);
}

export async function updatePolicy(
  model: Transformer,
  optimizer: tf.Optimizer,
  rows: readonly Rollout[],
  advantages: readonly number[],
  config: RlConfig,
  reference?: Transformer,
): Promise<UpdateStats> {
  const options = {
    epsilon: config.epsilon,
    epsilonHigh: config.epsilon_high,
    beta: config.beta,
    lossType: config.loss_type,
    maxCompletionLength: config.max_completion_length,
  };
  const scored = rows.map(scoredRow);
  const owned: tf.Tensor[] = [];
  const keep = <T extends tf.Tensor>(t: T): T => (owned.push(t), t);
  try {
    const batch = sequenceBatch(scored, PAD_ID, model.config.maxLen);
    owned.push(batch.tokens, batch.mask);
    const old = keep(oldLogProbs(rows, scored.map((s) => s.prompt.length), batch.tokens.shape[1]));
    const adv = keep(tf.tensor1d(Array.from(advantages)));
    const ref = reference ? keep(tf.tidy(() => completionLogProbs(reference, batch))) : undefined;
    const kl = ref ? await maskedMean(() => k3(old, ref), batch.mask) : 0;
    let loss = 0;
    for (let it = 0; it < config.num_iterations; it++) {
      const value = optimizer.minimize(
        () => policyLoss({ logp: completionLogProbs(model, batch), oldLogp: old, refLogp: config.beta > 0 ? ref : undefined, advantages: adv, mask: batch.mask }, options),
        true,
        model.weights,
      ) as tf.Scalar;
      loss = (await value.data())[0] as number;
      value.dispose();
      if (!Number.isFinite(loss)) throw new Error(`policy loss became ${loss}`);
    }
    return { loss, kl };
  } finally {
    tf.dispose(owned);
  }
}

async function maskedMean(values: () => tf.Tensor, mask: tf.Tensor2D): Promise<number> {
  const mean = tf.tidy(() => tf.div(tf.sum(tf.mul(values(), mask)), tf.maximum(tf.sum(mask), 1)));
  const value = (await mean.data())[0] as number;
  mean.dispose();
  return value;
}
