/**
 * Pretrains the base pair A and B of a task family, as the paper builds its pair
 * from one base with two adapters (one zero-initialized, one with small noise):
 * a shared trunk is trained first on the facts both will know, then forked; A
 * continues from the trunk as is, B from the trunk plus small Gaussian noise, each on
 * its own facts and on reading the other's drafts (./knowledge, ./sft-data).
 * Each stage trains until its held-out loss flattens: no 1% (and 0.001) improvement
 * over the best for `plateauChecks` checks in a row. The difficulty of test-hard then comes
 * from what a model was never taught, not from training stopped early. A validation
 * pass@1 target can stop a stage sooner (1 turns it off).
 * Runs on any TensorFlow.js backend (Node CLI and the browser worker).
 */
import * as tf from '@tensorflow/tfjs';
import type { ModelConfig } from '../model/config';
import { Transformer } from '../model/transformer';
import type { TaskFamily } from '../tasks/task';
import { heldOutExamples, heldOutLoss, SftTrainer, type SftState } from './sft';

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
  /** Checks in a row without a 1% better held-out loss that end a stage (0: train every step). */
  plateauChecks: number;
  /** Held-out examples the loss of each check is measured on. */
  heldOutSize: number;
}

/**
 * The improvement of the held-out loss that counts as one: 1%, and at least 0.001
 * nats a token (a loss near zero keeps shrinking by percents long after nothing is left to learn).
 */
const MIN_IMPROVEMENT = 0.01;
const MIN_ABSOLUTE_IMPROVEMENT = 0.001;

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
  /** Mean token loss on the stage's held-out examples, set with validation. */
  heldOut?: number;
}

/** One check of a stage's learning curve. */
export interface CurvePoint {
  step: number;
  loss: number;
  heldOut: number;
  validation: number;
}

export interface BasePair {
  a: Transformer;
  b: Transformer;
  /** Steps each stage actually trained (early stopping may end it before the maximum). */
  steps: Record<PretrainStage, number>;
  /** Every check of every stage: the learning curves that show where each stopped. */
  curves: Record<PretrainStage, CurvePoint[]>;
}

/** Whether the last `checks` held-out losses failed to beat the best before them by 1% (and 0.001). */
export function flattened(losses: readonly number[], checks: number): boolean {
  if (checks < 1 || losses.length <= checks) return false;
  const before = Math.min(...losses.slice(0, losses.length - checks));
  const recent = Math.min(...losses.slice(losses.length - checks));
  return before - recent < Math.max(before * MIN_IMPROVEMENT, MIN_ABSOLUTE_IMPROVEMENT);
}

/** A stage cut at one of its checks: what it takes to go on exactly as if it had not stopped (with the model's weights). */
export interface StageCut {
  step: number;
  curve: CurvePoint[];
  trainer: SftState;
}

/** Where a stage starts from, and who keeps it at each check (a killed run then loses at most one check's steps). */
export interface StageCuts {
  from?: StageCut;
  onCheck?: (cut: StageCut) => Promise<void>;
}

/** Trains until `steps`, until the held-out loss flattens or until validation reaches `target`; returns the steps taken. */
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
  curve: CurvePoint[],
  cuts: StageCuts = {},
): Promise<number> {
  const trainer = new SftTrainer(model, family, { learningRate: config.learningRate, batchSize: config.batchSize, seed, learner: stage });
  const heldOutSet = heldOutExamples(family, stage, config.heldOutSize, seed + 1000);
  try {
    if (cuts.from) {
      curve.push(...cuts.from.curve);
      await trainer.restore(cuts.from.trainer);
    }
    for (let step = (cuts.from?.step ?? 0) + 1; step <= steps; step++) {
      await between();
      const loss = await trainer.step();
      if (step % config.checkEvery !== 0) {
        onProgress({ stage, step, steps, loss });
        continue;
      }
      const heldOut = await heldOutLoss(model, heldOutSet);
      const validation = await validate(model);
      curve.push({ step, loss, heldOut, validation });
      onProgress({ stage, step, steps, loss, validation, heldOut });
      if (validation >= target || flattened(curve.map((p) => p.heldOut), config.plateauChecks)) return step;
      if (cuts.onCheck && step < steps) await cuts.onCheck({ step, curve: [...curve], trainer: await trainer.state() });
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

/**
 * A pair whose fork stages to continue instead of training a trunk and forking it
 * (`npm run pretrain -- --forks-from DIR`): for trying a change of the fork stages' data
 * without retraining the trunk. The models are trained in place.
 */
export interface ForkStart {
  a: Transformer;
  b: Transformer;
}

/**
 * A trained trunk to fork instead of training one (`npm run pretrain -- --trunk-from DIR`): recipes
 * that share the facts both models are taught share the trunk, so a pilot of another fork mix
 * costs only its forks. The caller keeps and frees it.
 */
export interface TrunkStart {
  trunk: Transformer;
  steps: number;
  curve: CurvePoint[];
}

/** Called with the trained trunk before it is forked (`--save-trunk` keeps it). */
export type OnTrunk = (trunk: TrunkStart) => Promise<void>;

export type ForkStage = 'A' | 'B';

/** A trained fork stage: kept by `onFork`, given back in `done` to resume without training it again. */
export interface ForkDone {
  model: Transformer;
  steps: number;
  curve: CurvePoint[];
}

/** Called with each fork once trained (the CLI keeps it, so that a killed run resumes). */
export type OnFork = (stage: ForkStage, done: ForkDone) => Promise<void>;

/** What a caller keeps of the stages as they finish, and the forks it already has. */
export interface StageKeeping {
  onTrunk?: OnTrunk;
  onFork?: OnFork;
  /** Forks trained by an earlier run of the same recipe: used as they are; the pair then owns them. */
  done?: Partial<Record<ForkStage, ForkDone>>;
  /** Called at each check of a fork that goes on, with the fork's model as it stands. */
  onCheck?: (stage: ForkStage, model: Transformer, cut: StageCut) => Promise<void>;
  /** Forks an earlier run cut at a check: each goes on from there; the pair then owns the model. */
  cut?: Partial<Record<ForkStage, { model: Transformer; cut: StageCut }>>;
}

const FORK_SEEDS: Record<ForkStage, { fork: number; noise: (c: PretrainConfig) => number; train: number }> = {
  A: { fork: 2, noise: () => 0, train: 4 },
  B: { fork: 3, noise: (c) => c.forkNoise, train: 5 },
};

/** A's or B's start: the trunk as is (A) or plus small noise (B). */
export function forkOf(trunk: Transformer, stage: ForkStage, config: PretrainConfig): Transformer {
  const seeds = FORK_SEEDS[stage];
  return fork(trunk, seeds.noise(config), config.seed + seeds.fork);
}

/**
 * Trains one fork stage on its own facts and reading: what pretrainPair does for A and B,
 * exported so that the two forks of a trunk can train in two processes at once.
 */
export async function trainFork(
  model: Transformer,
  stage: ForkStage,
  family: TaskFamily,
  config: PretrainConfig,
  validate: Validate,
  onProgress: (p: PretrainProgress) => void = () => {},
  between: BetweenSteps = async () => {},
  cuts: StageCuts = {},
): Promise<ForkDone> {
  const curve: CurvePoint[] = [];
  const steps = await train(model, family, config, stage, config.forkSteps, config.seed + FORK_SEEDS[stage].train, config.forkTarget, validate, onProgress, between, curve, cuts);
  return { model, steps, curve };
}

export async function pretrainPair(
  family: TaskFamily,
  config: PretrainConfig,
  validate: Validate,
  onProgress: (p: PretrainProgress) => void = () => {},
  between: BetweenSteps = async () => {},
  start?: ForkStart | TrunkStart,
  keep: StageKeeping = {},
): Promise<BasePair> {
  const givenForks = start && 'a' in start ? start : null;
  const givenTrunk = start && 'trunk' in start ? start : null;
  const needTrunk = !givenForks && (['A', 'B'] as const).some((s) => !keep.done?.[s] && !keep.cut?.[s]);
  const trunk = needTrunk ? (givenTrunk?.trunk ?? new Transformer(config.model, config.seed)) : null;
  const curves: BasePair['curves'] = { trunk: givenTrunk ? [...givenTrunk.curve] : [], A: [], B: [] };
  const made: Transformer[] = [];
  try {
    let trunkSteps = givenTrunk?.steps ?? 0;
    if (trunk && !givenTrunk) {
      trunkSteps = await train(trunk, family, config, 'trunk', config.trunkSteps, config.seed + 1, config.trunkTarget, validate, onProgress, between, curves.trunk);
      await keep.onTrunk?.({ trunk, steps: trunkSteps, curve: curves.trunk });
    }
    const stage = async (name: ForkStage, given: Transformer | undefined): Promise<ForkDone> => {
      const done = keep.done?.[name];
      if (done) return done;
      const cut = keep.cut?.[name];
      const model = cut?.model ?? given ?? forkOf(trunk as Transformer, name, config);
      if (!cut && !given) made.push(model);
      const onCheck = keep.onCheck;
      const cuts: StageCuts = { from: cut?.cut, onCheck: onCheck && ((c) => onCheck(name, model, c)) };
      const trained = await trainFork(model, name, family, config, validate, onProgress, between, cuts);
      await keep.onFork?.(name, trained);
      return trained;
    };
    const a = await stage('A', givenForks?.a);
    const b = await stage('B', givenForks?.b);
    made.length = 0;
    curves.A = a.curve;
    curves.B = b.curve;
    return { a: a.model, b: b.model, steps: { trunk: trunkSteps, A: a.steps, B: b.steps }, curves };
  } finally {
    if (!givenTrunk) trunk?.dispose();
    // Only reached with models left when a stage threw (a cancel): free the forks it made on the device.
    made.forEach((m) => m.dispose());
  }
}
