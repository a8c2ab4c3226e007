/**
 * Settings of pretraining the base pair from scratch (the playground's alternative to
 * the shipped checkpoints): the same knobs as `npm run pretrain`, under snake_case
 * names like the rest of the config, with the CLI's defaults.
 */
import { z } from 'zod';
import type { TaskFamily, TaskFamilyName } from '../tasks/task';
import { PRETRAIN_BUDGETS, PRETRAIN_DEFAULTS, pretrainModelConfig } from '../train/pretrain-defaults';
import type { PretrainConfig } from '../train/pretrain-pair';
import { int, num } from './schema-numbers';

export const pretrainSettingsSchema = z
  .object({
    /** Maximum steps of the shared trunk (it stops earlier once its held-out loss flattens, or at trunk_target). */
    trunk_steps: int(1, 100_000),
    /** Maximum steps of each fork, A and B (each stops earlier once its held-out loss flattens, or at fork_target). */
    fork_steps: int(0, 100_000),
    batch_size: int(1, 512),
    learning_rate: z.number().gt(0, 'must be above 0').max(0.1),
    /** Standard deviation of the Gaussian noise added to B's weights at the fork. */
    fork_noise: num(0, 1),
    seed: int(0, 2 ** 31 - 1),
    /** Validation pass@1 at which the trunk stops (1: only the flattening stops it). */
    trunk_target: num(0, 1),
    /** Validation pass@1 at which each fork stops (1: only the flattening stops it). */
    fork_target: num(0, 1),
    /** Steps between validation checks. */
    check_every: int(1, 100_000),
    /** Validation problems each check samples. */
    check_problems: int(10, 1000),
  })
  .strict();

export type PretrainSettings = z.infer<typeof pretrainSettingsSchema>;

/** The CLI's defaults for a family (step maxima and batch depend on it). */
export function defaultPretrainSettings(task: TaskFamilyName): PretrainSettings {
  const budget = PRETRAIN_BUDGETS[task];
  return {
    trunk_steps: budget.trunkSteps,
    fork_steps: budget.forkSteps,
    batch_size: budget.batchSize,
    learning_rate: PRETRAIN_DEFAULTS.learningRate,
    fork_noise: PRETRAIN_DEFAULTS.forkNoise,
    seed: PRETRAIN_DEFAULTS.seed,
    trunk_target: PRETRAIN_DEFAULTS.trunkTarget,
    fork_target: PRETRAIN_DEFAULTS.forkTarget,
    check_every: PRETRAIN_DEFAULTS.checkEvery,
    check_problems: PRETRAIN_DEFAULTS.checkProblems,
  };
}

/** What pretrainPair takes: the default model sized for the family, and these settings. */
export function pretrainConfigFor(family: TaskFamily, s: PretrainSettings): PretrainConfig {
  return {
    model: pretrainModelConfig(family),
    trunkSteps: s.trunk_steps,
    forkSteps: s.fork_steps,
    batchSize: s.batch_size,
    learningRate: s.learning_rate,
    forkNoise: s.fork_noise,
    seed: s.seed,
    trunkTarget: s.trunk_target,
    forkTarget: s.fork_target,
    checkEvery: s.check_every,
    plateauChecks: PRETRAIN_DEFAULTS.plateauChecks,
    heldOutSize: PRETRAIN_DEFAULTS.heldOutSize,
  };
}
