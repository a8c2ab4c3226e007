import * as tf from '@tensorflow/tfjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completionLogProbs, sequenceBatch } from './logprobs';
import type { SampleOptions } from './decoding';
import { leftPadPrompts, sample, sampleFullRecompute } from './sampler';
import { randomRows, TINY_CONFIG, useWasmBackend } from './testing';
import { keyPadding, Transformer } from './transformer';

const PAD = 0;
let model: Transformer;
const prompts = randomRows(5, (i) => [3, 9, 1, 6, 4][i]!, TINY_CONFIG.vocabSize, 1, 7);
const base: SampleOptions = { maxNewTokens: 12, temperature: 1, topP: 1, eosId: -1, padId: PAD, seed: 42 };

beforeAll(async () => {
  await useWasmBackend();
  model = new Transformer(TINY_CONFIG, 3);
});
afterAll(() => model.dispose());

/** Greedy decoding of one unpadded prompt with the plain full forward: an independent reference. */
function greedyReference(prompt: number[], steps: number): number[] {
  const seq = [...prompt];
  for (let i = 0; i < steps; i++) {
    const next = tf.tidy(() => {
      const logits = model.forward(tf.tensor2d([seq], [1, seq.length], 'int32'));
      return tf.argMax(logits.slice([0, seq.length - 1, 0], [1, 1, -1]).reshape([-1])).dataSync()[0]!;
    });
    seq.push(next);
  }
  return seq.slice(prompt.length);
}

describe('KV cache', () => {
  it('gives the same logits as the full forward on left-padded prompts of different lengths', () => {
    const N = 6;
    const continuation = randomRows(prompts.length, () => N, TINY_CONFIG.vocabSize, 1, 9);
    const P = 16;
    const padded = leftPadPrompts(prompts, PAD, P);
    const maxDiffs = tf.tidy(() => {
      const B = prompts.length;
      const lengths = prompts.map((p) => p.length);
      // Full forward over prompt + continuation, with the same position ids and padding mask.
      const all = tf.concat([padded.tokens, tf.tensor2d(continuation, [B, N], 'int32')], 1) as tf.Tensor2D;
      const contPositions = tf.tensor2d(lengths.map((l) => Array.from({ length: N }, (_, n) => l + n)), [B, N], 'int32');
      const positions = tf.concat([padded.positions, contPositions], 1) as tf.Tensor2D;
      const keyMask = tf.concat([padded.keyMask, tf.ones([B, N])], 1) as tf.Tensor2D;
      const full = model.forward(all, positions, keyMask);

      let mask = padded.keyMask;
      let { logits, cache } = model.forwardCached(padded.tokens, padded.positions, keyPadding(mask), model.emptyCache());
      const at = (slot: number) => tf.reshape(full.slice([0, slot, 0], [B, 1, -1]), [B, -1]);
      const diffs = [tf.max(tf.abs(tf.sub(logits, at(P - 1))))];
      for (let n = 0; n < N; n++) {
        mask = tf.concat([mask, tf.ones([B, 1])], 1) as tf.Tensor2D;
        const step = tf.tensor2d(continuation.map((c) => [c[n]!]), [B, 1], 'int32');
        ({ logits, cache } = model.forwardCached(step, contPositions.slice([0, n], [B, 1]), keyPadding(mask), cache));
        diffs.push(tf.max(tf.abs(tf.sub(logits, at(P + n)))));
      }
      return tf.stack(diffs);
    });
    const values = Array.from(maxDiffs.dataSync());
    tf.dispose([maxDiffs, padded.tokens, padded.positions, padded.keyMask, padded.lengths]);
    expect(values).toHaveLength(N + 1);
    for (const d of values) expect(d).toBeLessThan(1e-4);
  });
});

describe('split q/k/v projections', () => {
  it('give the same logits and cache as the fused projection, bit for bit', () => {
    const padded = leftPadPrompts(prompts, PAD, 16);
    const projections = model.qkvProjections();
    const [fused, split] = [undefined, projections].map((p) => model.forwardCached(padded.tokens, padded.positions, keyPadding(padded.keyMask), model.emptyCache(), p));
    const same = (a: tf.Tensor, b: tf.Tensor) => Array.from(a.dataSync()).every((x, i) => Object.is(x, b.dataSync()[i]));
    expect(same(fused!.logits, split!.logits)).toBe(true);
    expect(fused!.cache.keys.every((k, l) => same(k, split!.cache.keys[l]!) && same(fused!.cache.values[l]!, split!.cache.values[l]!))).toBe(true);
    tf.dispose([fused, split, projections, padded.tokens, padded.positions, padded.keyMask, padded.lengths]);
  });
});

describe('sample', () => {
  it('is reproducible for a seed, differs across seeds, and matches full recompute', async () => {
    const opts = { ...base, topP: 0.9 };
    const a = await sample(model, prompts, opts);
    const b = await sample(model, prompts, opts);
    const c = await sample(model, prompts, { ...opts, seed: 43 });
    const full = await sampleFullRecompute(model, prompts, opts);
    expect(b.tokens).toEqual(a.tokens);
    expect(c.tokens).not.toEqual(a.tokens);
    expect(full.tokens).toEqual(a.tokens);
    for (const row of a.tokens) expect(row).toHaveLength(opts.maxNewTokens);
  });

  it('temperature 0 and tiny top-p are both greedy (and left padding does not change the result)', async () => {
    const greedy = await sample(model, prompts, { ...base, temperature: 0 });
    const tinyTopP = await sample(model, prompts, { ...base, topP: 1e-6 });
    expect(tinyTopP.tokens).toEqual(greedy.tokens);
    prompts.forEach((p, i) => expect(greedy.tokens[i]).toEqual(greedyReference(p, base.maxNewTokens)));
  });

  it('reports log-probs under the temperature-1 model distribution', async () => {
    const out = await sample(model, prompts, { ...base, temperature: 0.7, topP: 0.8 });
    const batch = sequenceBatch(prompts.map((p, i) => ({ prompt: p, completion: out.tokens[i]! })), PAD, TINY_CONFIG.maxLen);
    const lp = completionLogProbs(model, batch);
    const rows = (await lp.array()) as number[][];
    tf.dispose([lp, batch.tokens, batch.mask]);
    prompts.forEach((p, i) => {
      const expected = rows[i]!.slice(p.length, p.length + out.tokens[i]!.length);
      out.tokenLogProbs[i]!.forEach((v, j) => expect(v).toBeCloseTo(expected[j]!, 4));
    });
  });

  it('stops a row at eos and keeps the eos', async () => {
    const firstGreedy = greedyReference(prompts[0]!, 1)[0]!;
    const out = await sample(model, prompts, { ...base, temperature: 0, eosId: firstGreedy });
    expect(out.tokens[0]).toEqual([firstGreedy]);
    expect(out.finished[0]).toBe(true);
    out.tokens.forEach((row, i) => {
      expect(out.finished[i]).toBe(row.includes(firstGreedy));
      expect(row.indexOf(firstGreedy)).toBe(row.includes(firstGreedy) ? row.length - 1 : -1);
      expect(out.tokenLogProbs[i]).toHaveLength(row.length);
    });
  });

  it('matches full recompute on the plain ops too, where dHead does not fit the wasm decode kernels', async () => {
    const odd = new Transformer({ ...TINY_CONFIG, dModel: 12 }, 4); // dHead 6
    const opts = { ...base, topP: 0.9 };
    const [cached, full] = [await sample(odd, prompts, opts), await sampleFullRecompute(odd, prompts, opts)];
    odd.dispose();
    expect(cached.tokens).toEqual(full.tokens);
  });

  it('leaks no tensors', async () => {
    await sample(model, prompts, base);
    const before = tf.memory().numTensors;
    await sample(model, prompts, base);
    await sampleFullRecompute(model, prompts, { ...base, maxNewTokens: 3 });
    expect(tf.memory().numTensors).toBe(before);
  });
});
