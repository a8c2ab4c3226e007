/** Supervised fine-tuning on generated traces: cross-entropy on completion tokens only. */
import * as tf from '@tensorflow/tfjs';
import { FlatAdam } from '../model/flat-adam';
import { completionLogProbs, sequenceBatch } from '../model/logprobs';
import type { Transformer } from '../model/transformer';
import { Rng } from '../random';
import type { TaskFamily } from '../tasks/task';
import { encode, PAD_ID } from '../tokenizer/tokenizer';
import { sftExample } from './sft-data';

export interface SftOptions {
  learningRate: number;
  batchSize: number;
  /** Seeds the stream of training examples. */
  seed: number;
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
    const rows = Array.from({ length: this.options.batchSize }, () => {
      const ex = sftExample(this.family, this.rng);
      return { prompt: encode(ex.prompt), completion: encode(ex.completion) };
    });
    const batch = sequenceBatch(rows, PAD_ID, this.model.config.maxLen);
    const loss = this.optimizer.minimize(() => {
      const logp = completionLogProbs(this.model, batch);
      return tf.neg(tf.div(tf.sum(logp), tf.sum(batch.mask))) as tf.Scalar;
    }, true, this.model.weights);
    tf.dispose([batch.tokens, batch.mask]);
    const value = (await loss!.data())[0] as number;
    loss!.dispose();
    if (!Number.isFinite(value)) throw new Error(`SFT loss became ${value}; lower the learning rate`);
    return value;
  }

  dispose(): void {
    this.optimizer.dispose();
  }
}
