/**
 * trainStepper's step (benchmark.ts: its batch, loss and optimizer) as a RecordedTrainStep, for
 * the benches: `submit` runs a step and returns at once (the loss stays on the GPU), `loss` reads
 * the last step's back, `step` does both, as trainStepper's step does. The first step records; later ones replay.
 */
import * as tf from '@tensorflow/tfjs';
import { trainStepBatch } from './benchmark';
import { FlatAdam } from './flat-adam';
import { completionLogProbs } from './logprobs';
import { RecordedTrainStep } from './recorded-train-step';
import type { Transformer } from './transformer';

export function recordedTrainStepper(model: Transformer, batchSize: number): { submit: () => void; loss: () => Promise<number>; step: () => Promise<number>; dispose: () => void } {
  const batch = trainStepBatch(model.config.vocabSize, batchSize);
  const optimizer = new FlatAdam(1e-3);
  const recorded = new RecordedTrainStep(model.weights, optimizer, () => tf.neg(tf.mean(completionLogProbs(model, batch))) as tf.Scalar, [batch.tokens, batch.mask]);
  return {
    submit: () => recorded.step(),
    loss: () => recorded.lastLoss(),
    step: () => {
      recorded.step();
      return recorded.lastLoss();
    },
    dispose: () => {
      recorded.dispose();
      optimizer.dispose();
      tf.dispose([batch.tokens, batch.mask]);
    },
  };
}
