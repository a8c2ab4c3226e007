import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SamplingOptions } from '../eval/generate';
import { Transformer } from '../model/transformer';
import { TINY_CONFIG } from '../model/testing';
import { completionBudget, maxSequenceLength } from '../tasks/budget';
import { mathFamily, mathSolution } from '../tasks/math';
import type { Problem } from '../tasks/task';
import { VOCAB_SIZE } from '../tokenizer/tokenizer';
import { premiseFigures } from './figures';
import { modelCompleter, premiseRollouts, type Completer, type RolloutOptions } from './rollouts';

/** Four one-product problems: first digits 2, 3, 4, 5. */
const problems: Problem[] = ['2*3', '3*3', '4*2', '5*3'].map((text) => ({ family: 'math', difficulty: 1, text: text.padEnd(mathFamily.problemWidth, '.'), ...mathSolution(text), hidden: '' }));

const options: RolloutOptions = { samples: 2, temperature: 1, topP: 1, maxNewTokens: completionBudget(mathFamily), seed: 5, showDraftAnswer: false };

/**
 * A scripted model: alone it is right when `knows` the problem's first digit and
 * otherwise answers one more (mod 10). Reading a draft, it repeats the last running
 * digit it can see in it (answer slot, else the trace's), so it copies whatever the view gives away.
 */
function scripted(knows: (first: number) => boolean, calls: SamplingOptions[] = []): Completer {
  return async (prompts, sampling) => {
    calls.push(sampling);
    return prompts.map((prompt) => {
      const [, view = '', text = ''] = /^<draft>(.*)<bos>(.*)<sol>$/.exec(prompt) ?? [];
      const { trace, answer: right } = mathSolution(text);
      const visible = view.replace('<answer>', ':').match(/(?<=:)\d/g);
      const answer = visible ? visible.at(-1) : knows(Number(text[0])) ? right : String((Number(right) + 1) % 10);
      return `${trace}<answer>${answer}<eos>`;
    });
  };
}

describe('premise rollouts with scripted models (hand-checked counts)', () => {
  // A knows even first digits (problems 0, 2), B first digits below 4 (problems 0, 1).
  const calls: SamplingOptions[] = [];
  const models = { A: scripted((d) => d % 2 === 0, calls), B: scripted((d) => d < 4, calls) };

  it('samples each model alone k times and greedily once', async () => {
    const r = await premiseRollouts(models, mathFamily, problems, options);
    expect(r.solo.A.sampled).toEqual([[true, true], [false, false], [true, true], [false, false]]);
    expect(r.solo.B.sampled).toEqual([[true, true], [true, true], [false, false], [false, false]]);
    expect(r.solo.A.greedy).toEqual([true, false, true, false]);
    // Sampled readouts at temperature 1, greedy ones at 0; every readout its own seed.
    expect(calls.map((c) => c.temperature)).toEqual([1, 0, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1]);
    expect(new Set(calls.map((c) => c.seed)).size).toBe(calls.length - 2);
  });

  it('with the answer withheld the solver sees nothing to copy and solves alone', async () => {
    const f = premiseFigures(await premiseRollouts(models, mathFamily, problems, options));
    const ab = f.cascades['A->B'];
    // Drafts (A): right, wrong, right, wrong; finals (B alone): right, right, wrong, wrong.
    expect(ab.passAt1).toBe(0.5);
    expect(ab.rescue).toEqual({ of: 4, rate: 0.5, solverAlone: 0.5 });
    expect(ab.sabotage).toEqual({ of: 4, rate: 0.5, solverAlone: 0.5 });
    // Same answers on problem 0 (both right) and problem 3 (both wrong by one).
    expect(ab.copy).toEqual({ all: 0.5, wrongDrafts: 0.5 });
    // Better model: a tie at 0.5, so A. Differences to A per problem: 0, 1, -1, 0.
    expect(f.better).toBe('A');
    expect(ab.lift.mean).toBe(0);
    expect(ab.lift.high).toBeCloseTo((1.959964 * Math.sqrt(2 / 3)) / 2, 5);
    expect(f.agreement).toMatchObject({ onlyA: 1, onlyB: 1, both: 1, neither: 1 });
    expect(f.agreement.correlation).toBeCloseTo(0, 12);
  });

  it('with the answer shown the solver copies every draft', async () => {
    const f = premiseFigures(await premiseRollouts(models, mathFamily, problems, { ...options, showDraftAnswer: true }));
    const ab = f.cascades['A->B'];
    expect(ab.passAt1).toBe(0.5);
    expect(ab.copy).toEqual({ all: 1, wrongDrafts: 1 });
    expect(ab.rescue).toEqual({ of: 4, rate: 0, solverAlone: 0.5 });
    expect(ab.sabotage).toEqual({ of: 4, rate: 0, solverAlone: 0.5 });
  });

  it('refuses a sample count that is not a positive integer', async () => {
    await expect(premiseRollouts(models, mathFamily, problems, { ...options, samples: 0 })).rejects.toThrow(/samples/);
  });
});

describe('premise rollouts on a tiny transformer', () => {
  beforeAll(async () => {
    await tf.setBackend('wasm');
    await tf.ready();
  });

  it('gives k samples per problem for every readout, reproducibly, and frees its tensors', async () => {
    const config = { ...TINY_CONFIG, vocabSize: VOCAB_SIZE, maxLen: maxSequenceLength(mathFamily) };
    const [a, b] = [new Transformer(config, 1), new Transformer(config, 2)];
    const models = { A: modelCompleter(a), B: modelCompleter(b) };
    const before = tf.memory().numTensors;
    const first = await premiseRollouts(models, mathFamily, problems, { ...options, samples: 3 });
    expect(tf.memory().numTensors).toBe(before);
    for (const rows of [first.solo.A.sampled, first.solo.B.sampled, ...Object.values(first.cascades)]) {
      expect(rows.map((row) => row.length)).toEqual([3, 3, 3, 3]);
    }
    expect(first.solo.B.greedy).toHaveLength(4);
    expect(await premiseRollouts(models, mathFamily, problems, { ...options, samples: 3 })).toEqual(first);
    a.dispose();
    b.dispose();
  });
});
