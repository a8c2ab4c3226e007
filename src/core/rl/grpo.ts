/**
 * One GRPO step (the baseline), top to bottom: sample a group per problem from
 * the plain prompt, reward 2c + lambda f, group-relative advantages, one update.
 * Compute parity with Agon: the group is 2N samples per problem.
 */
import type { FlatAdam } from '../model/flat-adam';
import type { Transformer } from '../model/transformer';
import { plainPrompt } from '../tasks/format';
import type { Problem, TaskFamily } from '../tasks/task';
import { groupAdvantages } from './advantages';
import type { RlConfig } from './config';
import { updatePolicy } from './policy-update';
import { plainReward } from './rewards';
import { isCorrect, rollouts } from './rollout';
import { groups, sampleRecord, type GrpoRound, type Member } from './round';

export interface Learner {
  name: Member;
  model: Transformer;
  optimizer: FlatAdam;
  /** Frozen starting weights, for the KL term and its statistic. */
  reference?: Transformer;
}

export async function grpoStep(
  learner: Learner,
  family: TaskFamily,
  problems: readonly Problem[],
  step: number,
  config: RlConfig,
  seed: number,
): Promise<GrpoRound> {
  const groupSize = 2 * config.num_generations;
  const jobs = problems.flatMap((problem) => Array.from({ length: groupSize }, () => ({ problem, prompt: plainPrompt(family, problem) })));
  const samples = await rollouts(learner.model, family, jobs, config, seed);

  const rewards = samples.map((s) => plainReward({ correct: isCorrect(s), format: s.verification.format }, config.format_weight));
  const advantages = groupAdvantages(rewards.map((r) => r.total), groupSize, config.scale_rewards);
  const update = await updatePolicy(learner.model, learner.optimizer, samples, advantages, config, learner.reference);

  const records = samples.map((s, i) => sampleRecord(s, rewards[i]!, advantages[i]!));
  return {
    kind: 'grpo',
    step,
    model: learner.name,
    problems: groups(records, groupSize).map((samplesOf, p) => ({ text: problems[p]!.text, answer: problems[p]!.answer, samples: samplesOf })),
    updates: { model: update },
  };
}
