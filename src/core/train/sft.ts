/** Supervised fine-tuning on generated traces: cross-entropy on completion tokens only. */
import * as tf from '@tensorflow/tfjs';
import { FlatAdam } from '../model/flat-adam';
import { completionLogProbs, sequenceBatch, type SequenceBatch } from '../model/logprobs';
import type { Transformer } from '../model/transformer';
import { Rng } from '../random';
import { restoreOptimizer, saveOptimizer } from '../rl/optimizer-state';
import type { TaskFamily } from '../tasks/task';
import { encode, PAD_ID } from '../tokenizer/tokenizer';
import type { Learner } from './knowledge';
import { sftExample, type TextExample } from './sft-data';

export interface SftOptions {
  learningRate: number;
  batchSize: number;
  /** Seeds the stream of training examples. */
  seed: number;
  /** Whose examples: the shared trunk's or a fork's (see ./knowledge). */
  learner: Learner;
}

function batchOf(model: Transformer, examples: readonly TextExample[]): SequenceBatch {
  const rows = examples.map((ex) => ({ prompt: encode(ex.prompt), completion: encode(ex.completion) }));
  return sequenceBatch(rows, PAD_ID, model.config.maxLen);
}

/** Mean token loss of a batch (a scalar tensor, differentiable). */
function meanLoss(model: Transformer, batch: SequenceBatch): tf.Scalar {
  const logp = completionLogProbs(model, batch);
  return tf.neg(tf.div(tf.sum(logp), tf.sum(batch.mask))) as tf.Scalar;
}

/** Where a trainer stands between steps: its optimizer's state and the position of its example stream. */
export interface SftState {
  optimizer: Uint8Array;
  examples: number;
}

export class SftTrainer {
  private readonly optimizer: FlatAdam;
  private readonly rng: Rng;

  constructor(
    private readonly model: Transformer,
    private readonly family: TaskFamily,
    private readonly options: SftOptions,
  ) {
    this.optimizer = new FlatAdam(options.learningRate);
    this.rng = new Rng(options.seed);
  }

  /** One optimizer step on a fresh batch; resolves to the mean token loss. */
  async step(): Promise<number> {
    const examples = Array.from({ length: this.options.batchSize }, () => sftExample(this.family, this.rng, this.options.learner));
    const batch = batchOf(this.model, examples);
    const loss = this.optimizer.minimize(() => meanLoss(this.model, batch), true, this.model.weights);
    tf.dispose([batch.tokens, batch.mask]);
    const value = (await loss!.data())[0] as number;
    loss!.dispose();
    if (!Number.isFinite(value)) throw new Error(`SFT loss became ${value}; lower the learning rate`);
    return value;
  }

  async state(): Promise<SftState> {
    return { optimizer: await saveOptimizer(this.optimizer), examples: this.rng.position() };
  }

  /** Goes on from `state` exactly as the trainer that saved it would have. */
  async restore(state: SftState): Promise<void> {
    await restoreOptimizer(this.optimizer, state.optimizer);
    this.rng.moveTo(state.examples);
  }

  dispose(): void {
    this.optimizer.dispose();
  }
}

/** A fixed held-out set of a learner's examples, drawn from the validation split. */
export function heldOutExamples(family: TaskFamily, learner: Learner, size: number, seed: number): TextExample[] {
  const rng = new Rng(seed);
  return Array.from({ length: size }, () => sftExample(family, rng, learner, 'validation'));
}

/** Mean token loss of a model on examples (no training), in chunks of `chunk` rows. */
export async function heldOutLoss(model: Transformer, examples: readonly TextExample[], chunk = 64): Promise<number> {
  let total = 0;
  let tokens = 0;
  for (let i = 0; i < examples.length; i += chunk) {
    const batch = batchOf(model, examples.slice(i, i + chunk));
    const [sum, count] = tf.tidy(() => [tf.neg(tf.sum(completionLogProbs(model, batch))), tf.sum(batch.mask)]);
    tf.dispose([batch.tokens, batch.mask]);
    total += (await sum!.data())[0] as number;
    tokens += (await count!.data())[0] as number;
    tf.dispose([sum!, count!]);
  }
  return total / Math.max(1, tokens);
}
