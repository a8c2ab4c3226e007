import { describe, expect, it } from 'vitest';
import * as tf from '@tensorflow/tfjs';
import { policyLoss, type PolicyLossOptions } from './grpo-loss';

const base: PolicyLossOptions = { epsilon: 0.2, epsilonHigh: 0.2, beta: 0, lossType: 'grpo', maxCompletionLength: 4 };

function loss(logp: number[][], oldLogp: number[][], adv: number[], mask: number[][], options: Partial<PolicyLossOptions> = {}, ref?: number[][]) {
  return tf.tidy(() =>
    policyLoss(
      {
        logp: tf.tensor2d(logp),
        oldLogp: tf.tensor2d(oldLogp),
        refLogp: ref ? tf.tensor2d(ref) : undefined,
        advantages: tf.tensor1d(adv),
        mask: tf.tensor2d(mask),
      },
      { ...base, ...options },
    ).dataSync()[0] as number,
  );
}

describe('policy loss', () => {
  tf.setBackend('cpu');
  // Two sequences: 2 and 3 completion tokens; ratio 1 everywhere.
  const lp = [[-1, -1, 0, 0], [-2, -2, -2, 0]];
  const mask = [[1, 1, 0, 0], [1, 1, 1, 0]];

  it('with ratio 1 is minus the mean advantage, per loss_type', () => {
    // per-token loss = -A_i on masked tokens
    expect(loss(lp, lp, [1, -0.5], mask, { lossType: 'grpo' })).toBeCloseTo((-1 + 0.5) / 2, 6);
    expect(loss(lp, lp, [1, -0.5], mask, { lossType: 'dapo' })).toBeCloseTo((-2 + 1.5) / 5, 6);
    expect(loss(lp, lp, [1, -0.5], mask, { lossType: 'dr_grpo' })).toBeCloseTo((-2 + 1.5) / (2 * 4), 6);
  });

  it('clips the ratio (num_iterations > 1): a positive advantage stops paying above 1 + epsilon_high', () => {
    const up = Math.log(1.5);
    const newer = [[-1 + up, -1 + up, 0, 0]];
    const m = [[1, 1, 0, 0]];
    const old = [[-1, -1, 0, 0]];
    expect(loss(newer, old, [1], m)).toBeCloseTo(-1.2, 5);
    expect(loss(newer, old, [1], m, { epsilonHigh: 0.28 })).toBeCloseTo(-1.28, 5);
    // negative advantage: min picks the unclipped, larger penalty
    expect(loss(newer, old, [-1], m)).toBeCloseTo(1.5, 5);
    // the clipped branch has zero gradient
    const grad = tf.grad((x: tf.Tensor) =>
      policyLoss({ logp: x as tf.Tensor2D, oldLogp: tf.tensor2d(old), advantages: tf.tensor1d([1]), mask: tf.tensor2d(m) }, base),
    )(tf.tensor2d(newer));
    expect(Array.from(grad.dataSync(), Math.abs)).toEqual([0, 0, 0, 0]);
  });

  it('adds beta times the k3 KL to the reference', () => {
    const ref = [[-1.5, -0.5, 0, 0]];
    const m = [[1, 1, 0, 0]];
    const now = [[-1, -1, 0, 0]];
    const k3 = (d: number) => Math.exp(d) - d - 1;
    const expected = 0.1 * ((k3(-0.5) + k3(0.5)) / 2);
    expect(loss(now, now, [0], m, { beta: 0.1 }, ref)).toBeCloseTo(expected, 6);
    expect(() => loss(now, now, [0], m, { beta: 0.1 })).toThrow(/reference/);
  });

  it('zero advantages give zero loss and no NaN', () => {
    expect(loss(lp, lp, [0, 0], mask)).toBe(0);
  });
});
