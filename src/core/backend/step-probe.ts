/**
 * The probe's measurement: ms an RL step in miniature takes on the current backend, i.e. a
 * training step of the default model and a rollout of a few sampled tokens, averaged over the
 * first two, shader compiles included. The compiles count because a run keeps meeting new
 * shapes (prompt and completion lengths, evaluation batches) and compiles for each: on a
 * CPU-emulated GPU that is the larger cost (Micro in Firefox on lavapipe: 32 s, against 4 s on
 * wasm), while its warm steps alone are merely 1.5-2x slower than wasm.
 */
import * as tf from '@tensorflow/tfjs';
import { defaultModelConfig } from '../model/config';
import type { SampleOptions } from '../model/decoding';
import { FlatAdam } from '../model/flat-adam';
import { completionLogProbs, sequenceBatch } from '../model/logprobs';
import { sample } from '../model/sampler';
import { Transformer } from '../model/transformer';

const VOCAB = 48;
const BATCH = 4;
const STEPS = 2;
const SAMPLE: SampleOptions = { maxNewTokens: 8, temperature: 1, topP: 0.95, eosId: -1, padId: 0, seed: 1 };
const token = (i: number, j: number) => 1 + ((i * 5 + j * 3) % (VOCAB - 1));
const PROMPTS = Array.from({ length: BATCH }, (_, i) => Array.from({ length: 12 }, (_, j) => token(i, j)));
const ROWS = PROMPTS.map((prompt, i) => ({ prompt, completion: Array.from({ length: 20 }, (_, j) => token(i + 1, j)) }));

/** One rollout, then one update on fixed rows, read back: the device has finished when it returns. */
async function rlStep(model: Transformer, optimizer: FlatAdam): Promise<void> {
  await sample(model, PROMPTS, SAMPLE);
  const batch = sequenceBatch(ROWS, 0, 32);
  try {
    const loss = optimizer.minimize(() => tf.neg(tf.mean(completionLogProbs(model, batch))) as tf.Scalar, true, model.weights)!;
    await loss.data();
    loss.dispose();
  } finally {
    tf.dispose([batch.tokens, batch.mask]);
  }
}

export async function rlStepMs(): Promise<number> {
  const model = new Transformer(defaultModelConfig(VOCAB), 1);
  const optimizer = new FlatAdam(1e-3);
  try {
    const start = performance.now();
    for (let i = 0; i < STEPS; i++) await rlStep(model, optimizer);
    return (performance.now() - start) / STEPS;
  } finally {
    optimizer.dispose();
    model.dispose();
  }
}
