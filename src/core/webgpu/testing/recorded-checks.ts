// Checks of the recorded training step (RecordedTrainStep, ../step-recorder.ts): its losses and
// weights against the plain ops' over several steps, and what a replay creates. Part of
// fusedChecks (./fused-checks.ts), so that Node, Chromium and Firefox run them alike.
import * as tf from '@tensorflow/tfjs';
import { defaultModelConfig, type ModelConfig } from '../../model/config';
import { FlatAdam } from '../../model/flat-adam';
import { completionLogProbs, sequenceBatch } from '../../model/logprobs';
import { RecordedTrainStep } from '../../model/recorded-train-step';
import { Transformer } from '../../model/transformer';
import { countOverhead, type OverheadCounts } from '../overhead-counters';
import { setFusedKernels } from '..';

const SMALL: ModelConfig = { vocabSize: 11, dModel: 16, nLayers: 2, nHeads: 2, dFF: 40, maxLen: 12 };

/** Padded rows (T 9) whose tokens shift with the step, so that every step writes new inputs. */
function stepBatch(step: number): { tokens: Int32Array; mask: Float32Array } {
  const rows = [
    { prompt: [1, 2, 3], completion: [4, 5, 6, 7] },
    { prompt: [8], completion: [9, 10] },
    { prompt: [2, 4, 6, 8, 10], completion: [1] },
  ].map(({ prompt, completion }) => ({ prompt: prompt.map((t) => 1 + ((t + step) % 10)), completion: completion.map((t) => 1 + ((t + 2 * step) % 10)) }));
  const batch = sequenceBatch(rows, 0, 9);
  const values = { tokens: batch.tokens.dataSync() as Int32Array, mask: batch.mask.dataSync() as Float32Array };
  tf.dispose([batch.tokens, batch.mask]);
  return values;
}

/**
 * A model, its optimizer and a RecordedTrainStep over input variables (the batch), run for
 * `steps` steps with each step's values written in; `each` runs each step (the model at hand).
 */
async function train(
  config: ModelConfig,
  steps: number,
  each: (step: () => void, index: number, model: Transformer) => Promise<void>,
): Promise<{ losses: number[]; weights: tf.Tensor[] }> {
  const model = new Transformer(config, 3);
  const first = stepBatch(0);
  const [tokens, mask] = [tf.tensor2d(first.tokens, [3, first.tokens.length / 3], 'int32'), tf.tensor2d(first.mask, [3, first.mask.length / 3])].map((t) => {
    const v = tf.variable(t, false);
    t.dispose();
    return v;
  }) as [tf.Variable, tf.Variable];
  const optimizer = new FlatAdam(1e-2);
  const loss = () => tf.neg(tf.mean(completionLogProbs(model, { tokens: tokens as tf.Tensor2D, mask: mask as tf.Tensor2D }))) as tf.Scalar;
  const recorded = new RecordedTrainStep(model.weights, optimizer, loss, [tokens, mask]);
  try {
    const losses: number[] = [];
    for (let s = 0; s < steps; s++) {
      const { tokens: t, mask: m } = stepBatch(s);
      await each(() => recorded.step([t, m]), s, model);
      losses.push(await recorded.lastLoss());
    }
    return { losses, weights: model.weights.map((w) => w.clone()) };
  } finally {
    recorded.dispose();
    optimizer.dispose();
    tf.dispose([tokens, mask]);
    model.dispose();
  }
}

export const recordedChecks = {
  /**
   * `steps` training steps of a small model (padded rows, two layers, a new batch each step):
   * recorded (the first step records, the rest replay) against the plain ops. Each step's
   * loss, then every weight after the last step. With `reassignAt`, a weight is assigned a new
   * tensor before that step (as a checkpoint load does): the recorded path must record again.
   */
  async recordedSteps(steps: number, reassignAt = -1): Promise<number[]> {
    const each = async (step: () => void, index: number, model: Transformer) => {
      const w = model.weights[0]!;
      if (index === reassignAt) w.assign(tf.tidy(() => tf.mul(w, 0.5)));
      step();
    };
    try {
      setFusedKernels(false);
      const plain = await train(SMALL, steps, each);
      setFusedKernels(true);
      const recorded = await train(SMALL, steps, each);
      const lossDiffs = plain.losses.map((l, i) => Math.abs(l - recorded.losses[i]!));
      const weightDiffs = await Promise.all(plain.weights.map(async (w, i) => (await tf.max(tf.abs(tf.sub(w, recorded.weights[i]!))).data())[0]!));
      tf.dispose([...plain.weights, ...recorded.weights]);
      return [...lossDiffs, ...weightDiffs];
    } finally {
      setFusedKernels(true);
    }
  },
  /** Tensors and GPU bytes before a recorded step (and its model) is made and after 3 steps and dispose: equal when it hands everything back. */
  async recordedMemory(): Promise<{ before: tf.MemoryInfo; after: tf.MemoryInfo }> {
    setFusedKernels(true);
    const before = tf.memory();
    tf.dispose((await train(SMALL, 3, async (step) => step())).weights);
    return { before, after: tf.memory() };
  },
  /** The overhead of each recorded step of the default model's shape (the first records, the rest replay). */
  async recordedCounts(steps: number): Promise<OverheadCounts[]> {
    setFusedKernels(true);
    const counts: OverheadCounts[] = [];
    const run = await train({ ...defaultModelConfig(48), maxLen: 12 }, steps, async (step) => {
      counts.push((await countOverhead(async () => step())).counts);
    });
    tf.dispose(run.weights);
    return counts;
  },
};
