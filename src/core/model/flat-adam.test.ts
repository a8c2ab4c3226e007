import * as tf from '@tensorflow/tfjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FlatAdam } from './flat-adam';
import { completionLogProbs, sequenceBatch, type SequenceBatch } from './logprobs';
import { randomRows, TINY_CONFIG, useWasmBackend } from './testing';
import { Transformer } from './transformer';

let batch: SequenceBatch;

beforeAll(async () => {
  await useWasmBackend();
  const prompts = randomRows(4, (i) => 2 + i, TINY_CONFIG.vocabSize, 1, 3);
  const completions = randomRows(4, (i) => 5 - i, TINY_CONFIG.vocabSize, 1, 4);
  batch = sequenceBatch(prompts.map((p, i) => ({ prompt: p, completion: completions[i]! })), 0, TINY_CONFIG.maxLen);
});
afterAll(() => tf.dispose([batch.tokens, batch.mask]));

const weightsOf = (m: Transformer) => m.weights.map((w) => Array.from(w.dataSync()));

function train(model: Transformer, optimizer: tf.Optimizer, steps: number): void {
  const loss = () => tf.tidy(() => tf.neg(tf.mean(completionLogProbs(model, batch))) as tf.Scalar);
  for (let i = 0; i < steps; i++) optimizer.minimize(loss, false, model.weights);
}

describe('FlatAdam', () => {
  it('updates weights bit-identically to tf.train.adam', () => {
    const [a, b] = [new Transformer(TINY_CONFIG, 5), new Transformer(TINY_CONFIG, 5)];
    const [flat, plain] = [new FlatAdam(1e-2), tf.train.adam(1e-2)];
    train(a, flat, 4);
    train(b, plain, 4);
    expect(weightsOf(a)).toEqual(weightsOf(b));
    expect(flat.iterations).toBe(4);
    tf.dispose([a, b].flatMap((m) => m.weights));
    flat.dispose();
    plain.dispose();
  });

  it('continues bit-identically from a state saved by tf.train.adam, and its own state reads back the same', async () => {
    const [a, b] = [new Transformer(TINY_CONFIG, 6), new Transformer(TINY_CONFIG, 6)];
    const plain = tf.train.adam(1e-2);
    train(a, plain, 3);
    b.weights.forEach((w, i) => w.assign(a.weights[i]!));
    const flat = new FlatAdam(1e-2);
    await flat.setWeights(await plain.getWeights());
    const again = new FlatAdam(1e-2);
    const saved = await flat.getWeights();
    await again.setWeights(saved);
    tf.dispose(saved.map((s) => s.tensor));
    train(a, plain, 2);
    train(b, again, 2);
    expect(weightsOf(b)).toEqual(weightsOf(a));
    tf.dispose([a, b].flatMap((m) => m.weights));
    [plain, flat, again].forEach((o) => o.dispose());
  });

  it('leaks no tensors across steps, saves and restores', async () => {
    const model = new Transformer(TINY_CONFIG, 7);
    const before = tf.memory().numTensors;
    const optimizer = new FlatAdam(1e-3);
    train(model, optimizer, 1);
    const during = tf.memory().numTensors;
    train(model, optimizer, 2);
    expect(tf.memory().numTensors).toBe(during);
    const saved = await optimizer.getWeights();
    await optimizer.setWeights(saved);
    tf.dispose(saved.map((s) => s.tensor));
    expect(tf.memory().numTensors).toBe(during);
    optimizer.dispose();
    expect(tf.memory().numTensors).toBe(before);
    model.dispose();
  });
});
