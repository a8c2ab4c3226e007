/** RL hyperparameters under the field's usual names (TRL's GRPOConfig), plus the reward weights. */
import type { ScaleRewards } from './advantages';
import type { LossType } from './grpo-loss';

export interface RlConfig {
  /** Samples per problem and stream (N); GRPO gets 2N for compute parity with Agon. */
  num_generations: number;
  /** Weight of the k3 KL to a frozen copy of the starting weights; 0 = no reference model. */
  beta: number;
  epsilon: number;
  epsilon_high: number;
  loss_type: LossType;
  scale_rewards: ScaleRewards;
  temperature: number;
  top_p: number;
  max_completion_length: number;
  /** Updates per batch of rollouts; 1 means the ratio is 1 and the clip is idle. */
  num_iterations: number;
  learning_rate: number;
  /** lambda: weight of the format reward. */
  format_weight: number;
}

export const DEFAULT_RL_CONFIG: RlConfig = {
  num_generations: 8,
  beta: 0,
  epsilon: 0.2,
  epsilon_high: 0.2,
  loss_type: 'grpo',
  scale_rewards: 'group',
  temperature: 1,
  top_p: 1,
  max_completion_length: 18,
  num_iterations: 1,
  learning_rate: 3e-4,
  format_weight: 0.5,
};
