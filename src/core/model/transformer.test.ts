import * as tf from '@tensorflow/tfjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completionLogProbs, sequenceBatch, type SequenceBatch } from './logprobs';
import { randomRows, TINY_CONFIG, useWasmBackend } from './testing';
import { Transformer } from './transformer';

let model: Transformer;
let batch: SequenceBatch;

beforeAll(async () => {
  await useWasmBackend();
  model = new Transformer(TINY_CONFIG, 1);
  const prompts = randomRows(3, (i) => 2 + i, TINY_CONFIG.vocabSize, 1, 3);
  const completions = randomRows(3, (i) => 4 - i, TINY_CONFIG.vocabSize, 1, 4);
  batch = sequenceBatch(prompts.map((p, i) => ({ prompt: p, completion: completions[i]! })), 0, TINY_CONFIG.maxLen);
});
afterAll(() => {
  model.dispose();
  tf.dispose([batch.tokens, batch.mask]);
});

/** Mean negative log-likelihood of the completion tokens. */
const loss = () => tf.tidy(() => tf.div(tf.neg(tf.sum(completionLogProbs(model, batch))), tf.sum(batch.mask)) as tf.Scalar);

describe('Transformer', () => {
  it('is deterministic for a seed and has the expected parameter count', () => {
    const twin = new Transformer(TINY_CONFIG, 1);
    const other = new Transformer(TINY_CONFIG, 2);
    expect(twin.weights[0]!.dataSync()).toEqual(model.weights[0]!.dataSync());
    expect(other.weights[0]!.dataSync()).not.toEqual(model.weights[0]!.dataSync());
    const { vocabSize: V, dModel: D, dFF: F, nLayers, maxLen } = TINY_CONFIG;
    const perLayer = 4 * D + (D * 3 * D + 3 * D) + (D * D + D) + (D * F + F) + (F * D + D);
    expect(model.paramCount()).toBe(V * D + maxLen * D + nLayers * perLayer + 2 * D + D * V);
    expect(new Set(model.weightNames).size).toBe(model.weights.length);
    twin.dispose();
    other.dispose();
  });

  it('masks out everything but completion tokens', () => {
    const [lp, mask] = [completionLogProbs(model, batch), batch.mask];
    const values = lp.arraySync();
    const m = mask.arraySync();
    values.forEach((row, b) => row.forEach((v, t) => (m[b]![t] ? expect(v).toBeLessThan(0) : expect(Math.abs(v)).toBe(0))));
    lp.dispose();
  });

  it('matches central finite differences (checks the custom matmul gradient)', () => {
    // Larger-than-init weights so gradients are well above float32 noise.
    model.weights.forEach((w, i) => w.assign(tf.tidy(() => tf.add(w, tf.randomNormal(w.shape, 0, 0.3, 'float32', i)))));
    const { grads } = tf.variableGrads(loss, model.weights);
    const eps = 1e-2;
    let checked = 0;
    for (const [i, w] of model.weights.entries()) {
      const name = model.weightNames[i]!;
      if (!/^(wte|wpe|head|h0\.attn\.wqkv|h1\.attn\.wout|h0\.mlp\.wup|h1\.mlp\.wdown|h0\.ln1\.gain)$/.test(name)) continue;
      const g = grads[w.name]!.dataSync();
      // The entry with the largest gradient: a wrong gradient cannot hide in noise there.
      let k = 0;
      g.forEach((v, j) => (Math.abs(v) > Math.abs(g[k]!) ? (k = j) : 0));
      const original = w.dataSync().slice();
      const lossAt = (delta: number) => {
        const moved = original.slice();
        moved[k] = moved[k]! + delta;
        w.assign(tf.tensor(moved, w.shape));
        const l = loss();
        const value = l.dataSync()[0]!;
        l.dispose();
        return value;
      };
      const numeric = (lossAt(eps) - lossAt(-eps)) / (2 * eps);
      w.assign(tf.tensor(original, w.shape));
      expect(Math.abs(g[k]!), name).toBeGreaterThan(1e-3);
      expect(Math.abs(numeric - g[k]!), `${name}[${k}] numeric ${numeric} analytic ${g[k]}`).toBeLessThan(
        2e-3 + 0.03 * Math.abs(g[k]!),
      );
      checked++;
    }
    expect(checked).toBe(8);
    tf.dispose(grads);
  });

  it('leaks no tensors in a training step', () => {
    const optimizer = tf.train.adam(1e-3);
    const step = () => optimizer.minimize(loss, false, model.weights);
    step(); // creates Adam's slot variables
    const before = tf.memory().numTensors;
    step();
    expect(tf.memory().numTensors).toBe(before);
    optimizer.dispose();
  });
});
