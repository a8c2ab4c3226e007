/**
 * Pretrains the base pair A and B of a task family, as the paper builds its pair
 * from one base with two adapters (one zero-initialized, one with small noise):
 * a shared trunk is trained first, then forked; A continues from the trunk as is,
 * B from the trunk plus small Gaussian noise, each on its own stream of examples.
 * They start equally capable and drift apart in which problems they get right.
 * Training stops early once validation pass@1 reaches a target (the trunk a lower
 * one, each fork the final one), so the pair lands where RL has room to improve:
 * trained to convergence these models solve nearly every chain.
 * Runs on any TensorFlow.js backend (Node CLI and the browser worker).
 */
import * as tf from '@tensorflow/tfjs';
import type { ModelConfig } from '../model/config';
import { Transformer } from '../model/transformer';
import type { TaskFamily } from '../tasks/task';
import { SftTrainer } from './sft';

export interface PretrainConfig {
  model: ModelConfig;
  trunkSteps: number;
  forkSteps: number;
  batchSize: number;
  learningRate: number;
  /** Standard deviation of the noise added to B's weights at the fork. */
  forkNoise: number;
  seed: number;
  /** Stop the trunk once validation pass@1 reaches this (steps are then a maximum). */
  trunkTarget: number;
  /** Stop each fork once its validation pass@1 reaches this. */
  forkTarget: number;
  /** Steps between validation checks. */
  checkEvery: number;
}

/** Validation pass@1 of a model (supplied by the caller: sampling needs a backend and a problem set). */
export type Validate = (model: Transformer) => Promise<number>;

/**
 * Awaited before every training step: a caller pauses by not resolving yet and
 * cancels by rejecting (the browser worker's pause and stop; the CLI needs neither).
 */
export type BetweenSteps = () => Promise<void>;

export type PretrainStage = 'trunk' | 'A' | 'B';

export interface PretrainProgress {
  stage: PretrainStage;
  step: number;
  steps: number;
  loss: number;
  /** Set on the steps where validation was checked. */
  validation?: number;
}

export interface BasePair {
  a: Transformer;
  b: Transformer;
  /** Steps each stage actually trained (early stopping may end it before the maximum). */
  steps: Record<PretrainStage, number>;
}

/** Trains until `steps` or until validation reaches `target`; returns the steps taken. */
async function train(
  model: Transformer,
  family: TaskFamily,
  config: PretrainConfig,
  stage: PretrainStage,
  steps: number,
  seed: number,
  target: number,
  validate: Validate,
  onProgress: (p: PretrainProgress) => void,
  between: BetweenSteps,
): Promise<number> {
  const trainer = new SftTrainer(model, family, { learningRate: config.learningRate, batchSize: config.batchSize, seed });
  try {
    for (let step = 1; step <= steps; step++) {
      await between();
      const loss = await trainer.step();
      if (step % config.checkEvery !== 0) {
        onProgress({ stage, step, steps, loss });
        continue;
      }
      const validation = await validate(model);
      onProgress({ stage, step, steps, loss, validation });
      if (validation >= target) return step;
    }
    return steps;
  } finally {
    trainer.dispose();
  }
}

/** A copy of `source` whose weights are perturbed by N(0, noise^2). */
function fork(source: Transformer, noise: number, seed: number): Transformer {
  const copy = new Transformer(source.config, seed);
  source.weights.forEach((w, i) => {
    const target = copy.weights[i] as tf.Variable;
    tf.tidy(() => target.assign(noise > 0 ? tf.add(w, tf.randomNormal(w.shape, 0, noise, 'float32', seed + i)) : w));
  });
  return copy;
}

export async function pretrainPair(
  family: TaskFamily,
  config: PretrainConfig,
  validate: Validate,
  onProgress: (p: PretrainProgress) => void = () => {},
  between: BetweenSteps = async () => {},
): Promise<BasePair> {
  const trunk = new Transformer(config.model, config.seed);
  let forks: Transformer[] = [];
  try {
    const trunkSteps = await train(trunk, family, config, 'trunk', config.trunkSteps, config.seed + 1, config.trunkTarget, validate, onProgress, between);
    const a = fork(trunk, 0, config.seed + 2);
    const b = fork(trunk, config.forkNoise, config.seed + 3);
    forks = [a, b];
    const aSteps = await train(a, family, config, 'A', config.forkSteps, config.seed + 4, config.forkTarget, validate, onProgress, between);
    const bSteps = await train(b, family, config, 'B', config.forkSteps, config.seed + 5, config.forkTarget, validate, onProgress, between);
    forks = [];
    return { a, b, steps: { trunk: trunkSteps, A: aSteps, B: bSteps } };
  } finally {
    trunk.dispose();
    // Only reached with forks left when a stage threw (a cancel): free their weights on the device.
    forks.forEach((m) => m.dispose());
  }
}
