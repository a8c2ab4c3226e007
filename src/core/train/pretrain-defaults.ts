/**
 * How the base pair is pretrained unless told otherwise: shared by the CLI
 * (`npm run pretrain`) and the playground's in-browser pretraining, so both build
 * the same model from the same budgets.
 */
import { bucketLength } from '../model/buckets';
import { defaultModelConfig, type ModelConfig } from '../model/config';
import { maxSequenceLength } from '../tasks/budget';
import type { TaskFamily, TaskFamilyName } from '../tasks/task';
import { VOCAB_SIZE } from '../tokenizer/tokenizer';

/**
 * Step maxima and batch per family, as the shipped pairs were trained (code sequences are ~2x
 * longer). The maxima are a safety net: every stage stops earlier, when its held-out loss flattens.
 */
export const PRETRAIN_BUDGETS: Record<TaskFamilyName, { trunkSteps: number; forkSteps: number; batchSize: number }> = {
  math: { trunkSteps: 6000, forkSteps: 4000, batchSize: 64 },
  code: { trunkSteps: 6000, forkSteps: 8000, batchSize: 32 },
};

export const PRETRAIN_DEFAULTS = {
  learningRate: 0.002,
  forkNoise: 0.01,
  seed: 1,
  /** Targets of 1 are never reached: each stage trains until its held-out loss flattens. */
  trunkTarget: 1,
  forkTarget: 1,
  checkEvery: 150,
  /** Checks without a 1% better held-out loss that end a stage. */
  plateauChecks: 4,
  /** Held-out examples each check measures the loss on. */
  heldOutSize: 512,
  /** Validation problems each check samples (a fixed subset of the validation split). */
  checkProblems: 300,
} as const;

/** The default transformer, with positions for the family's longest sequence (padded to a shape bucket). */
export function pretrainModelConfig(family: TaskFamily): ModelConfig {
  return { ...defaultModelConfig(VOCAB_SIZE), maxLen: bucketLength(maxSequenceLength(family)) };
}
