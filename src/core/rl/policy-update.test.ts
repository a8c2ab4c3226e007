import { beforeAll, describe, expect, it } from 'vitest';
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import { completionLogProbs, sequenceBatch } from '../model/logprobs';
import { Transformer } from '../model/transformer';
import { mathFamily } from '../tasks/math';
import { Rng } from '../random';
import { verify } from '../tasks/verifier';
import { decode, encode, PAD_ID, VOCAB_SIZE } from '../tokenizer/tokenizer';
import { DEFAULT_RL_CONFIG } from './config';
import { updatePolicy } from './policy-update';
import type { Rollout } from './rollout';

const config = { vocabSize: VOCAB_SIZE, dModel: 16, nLayers: 1, nHeads: 2, dFF: 32, maxLen: 32 };
const prompt = '<bos>3+4<sol>';

function logProbOf(model: Transformer, completion: number[]): number {
  return tf.tidy(() => {
    const batch = sequenceBatch([{ prompt: encode(prompt), completion }], PAD_ID, config.maxLen);
    return tf.sum(completionLogProbs(model, batch)).dataSync()[0] as number;
  });
}

function rollout(model: Transformer, text: string): Rollout {
  const tokens = encode(text);
  const tokenLogProbs = tf.tidy(() => {
    const batch = sequenceBatch([{ prompt: encode(prompt), completion: tokens }], PAD_ID, config.maxLen);
    return Array.from(completionLogProbs(model, batch).dataSync()).slice(encode(prompt).length, encode(prompt).length + tokens.length);
  });
  const problem = mathFamily.generate(new Rng(1), 1);
  return { problem, prompt, text: decode(tokens), tokens, tokenLogProbs, verification: verify(mathFamily, problem, text) };
}

describe('policy update', () => {
  beforeAll(async () => {
    await tf.setBackend('wasm');
  });

  it('raises the probability of the rewarded completion and lowers the other', async () => {
    const model = new Transformer(config, 3);
    const optimizer = tf.train.adam(1e-2);
    const good = '7<answer>7<eos>';
    const bad = '1<answer>1<eos>';
    const before = [logProbOf(model, encode(good)), logProbOf(model, encode(bad))];
    for (let i = 0; i < 5; i++) {
      await updatePolicy(model, optimizer, [rollout(model, good), rollout(model, bad)], [1, -1], DEFAULT_RL_CONFIG);
    }
    const after = [logProbOf(model, encode(good)), logProbOf(model, encode(bad))];
    expect(after[0]).toBeGreaterThan(before[0]! + 0.5);
    expect(after[1]).toBeLessThan(before[1]! - 0.5);
    optimizer.dispose();
    model.dispose();
  });

  it('leaves the weights alone when every advantage is zero', async () => {
    const model = new Transformer(config, 4);
    const optimizer = tf.train.adam(1e-2);
    const before = model.weights.map((w) => Array.from(w.dataSync()));
    const stats = await updatePolicy(model, optimizer, [rollout(model, '7<eos>'), rollout(model, '1<eos>')], [0, 0], DEFAULT_RL_CONFIG);
    expect(stats.loss).toBe(0);
    model.weights.forEach((w, i) => expect(Array.from(w.dataSync())).toEqual(before[i]));
    optimizer.dispose();
    model.dispose();
  });

  it('reports the k3 KL to a reference, zero against itself', async () => {
    const model = new Transformer(config, 5);
    const same = new Transformer(config, 5);
    const other = new Transformer(config, 6);
    const optimizer = tf.train.sgd(0);
    const rows = [rollout(model, '7<answer>7<eos>')];
    expect((await updatePolicy(model, optimizer, rows, [0], DEFAULT_RL_CONFIG, same)).kl).toBeCloseTo(0, 6);
    expect((await updatePolicy(model, optimizer, rows, [0], DEFAULT_RL_CONFIG, other)).kl).toBeGreaterThan(0);
    [model, same, other].forEach((m) => m.dispose());
    optimizer.dispose();
  });
});
