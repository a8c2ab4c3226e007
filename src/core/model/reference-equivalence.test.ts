// The fast Transformer against the implementation it replaced (reference-transformer.ts):
// same weights, same inputs, logits and gradients within 1e-4.
import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultModelConfig, type ModelConfig } from './config';
import { ReferenceTransformer } from './reference-transformer';
import { leftPadPrompts } from './sampler';
import { randomRows, TINY_CONFIG, useWasmBackend } from './testing';
import { keyPadding, Transformer } from './transformer';

beforeAll(useWasmBackend);

const TOLERANCE = 1e-4;

function pair(config: ModelConfig): { fast: Transformer; reference: ReferenceTransformer } {
  const fast = new Transformer(config, 11);
  const reference = new ReferenceTransformer(config, 99);
  // Larger-than-init weights, so attention is far from uniform and errors would show.
  fast.weights.forEach((w, i) => w.assign(tf.tidy(() => tf.add(w, tf.randomNormal(w.shape, 0, 0.2, 'float32', 100 + i)))));
  reference.weights.forEach((w, i) => w.assign(fast.weights[fast.weightNames.indexOf(reference.weightNames[i]!)]!));
  return { fast, reference };
}

function maxDiff(a: tf.Tensor, b: tf.Tensor): number {
  return tf.tidy(() => tf.max(tf.abs(tf.sub(a, b))).dataSync()[0]!);
}

const configs: [string, ModelConfig][] = [
  ['tiny', TINY_CONFIG],
  ['default size', defaultModelConfig(59)],
];

describe.each(configs)('fast Transformer vs the reference (%s)', (_, config) => {
  const B = 3;
  const T = 13;
  const tokens = () => tf.tensor2d(randomRows(B, () => T, config.vocabSize, 1, 5), [B, T], 'int32');

  it('gives the same logits, with and without padding', () => {
    const { fast, reference } = pair(config);
    const ids = tokens();
    const keyMask = tf.tensor2d(Array.from({ length: B * T }, (_, i) => (i % T < i / T ? 0 : 1)), [B, T]);
    const positions = tf.tensor2d(Array.from({ length: B * T }, (_, i) => Math.max(0, (i % T) - Math.floor(i / T))), [B, T], 'int32');
    expect(maxDiff(fast.forward(ids), reference.forward(ids))).toBeLessThan(TOLERANCE);
    expect(maxDiff(fast.forward(ids, positions, keyMask), reference.forward(ids, positions, keyMask))).toBeLessThan(TOLERANCE);
    tf.dispose([ids, keyMask, positions]);
    fast.dispose();
    reference.dispose();
  });

  it('gives the same gradient for every weight', () => {
    const { fast, reference } = pair(config);
    const ids = tokens();
    // A loss that weighs every logit differently, so no gradient cancels out.
    const weights = tf.randomNormal([B, T, config.vocabSize], 0, 1, 'float32', 3);
    const lossOf = (model: { forward: (t: tf.Tensor2D) => tf.Tensor3D }) => () => tf.sum(tf.mul(tf.logSoftmax(model.forward(ids)), weights)) as tf.Scalar;
    const g1 = tf.variableGrads(lossOf(fast), fast.weights).grads;
    const g2 = tf.variableGrads(lossOf(reference), reference.weights).grads;
    fast.weights.forEach((w, i) => {
      const name = fast.weightNames[i]!;
      const twin = reference.weights[reference.weightNames.indexOf(name)]!;
      const scale = Math.max(1, tf.tidy(() => tf.max(tf.abs(g2[twin.name]!)).dataSync()[0]!));
      expect(maxDiff(g1[w.name]!, g2[twin.name]!) / scale, name).toBeLessThan(TOLERANCE);
    });
    tf.dispose([ids, weights, ...Object.values(g1), ...Object.values(g2)]);
    fast.dispose();
    reference.dispose();
  });

  it('gives the reference full-forward logits when decoding with the cache', () => {
    const { fast, reference } = pair(config);
    const prompts = randomRows(B, (i) => 3 + 2 * i, config.vocabSize, 1, 8);
    const padded = leftPadPrompts(prompts, 0, 16);
    const next = tf.tensor2d([[4], [5], [6]], [B, 1], 'int32');
    const lengths = prompts.map((p) => p.length);
    const expected = tf.tidy(() => {
      const all = tf.concat([padded.tokens, next], 1) as tf.Tensor2D;
      const positions = tf.concat([padded.positions, tf.tensor2d(lengths.map((l) => [l]), [B, 1], 'int32')], 1) as tf.Tensor2D;
      const keyMask = tf.concat([padded.keyMask, tf.ones([B, 1])], 1) as tf.Tensor2D;
      return tf.reshape(tf.slice(reference.forward(all, positions, keyMask), [0, 16, 0], [B, 1, -1]), [B, -1]);
    });
    const prefill = fast.forwardCached(padded.tokens, padded.positions, keyPadding(padded.keyMask), fast.emptyCache());
    const keyMask = tf.concat([padded.keyMask, tf.ones([B, 1])], 1) as tf.Tensor2D;
    const positions = tf.tensor2d(lengths.map((l) => [l]), [B, 1], 'int32');
    const step = fast.forwardCached(next, positions, keyPadding(keyMask), prefill.cache);
    expect(maxDiff(step.logits, expected)).toBeLessThan(TOLERANCE);
    tf.dispose([expected, prefill.logits, prefill.cache.keys, prefill.cache.values, step.logits, step.cache.keys, step.cache.values, keyMask, positions, next]);
    tf.dispose([padded.tokens, padded.positions, padded.keyMask, padded.lengths]);
    fast.dispose();
    reference.dispose();
  });
});
