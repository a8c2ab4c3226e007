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
import { factGroups, type FactGroup } from '../train/knowledge';
import { passAtKSchema } from './pass-at-k-schema';
import { passAtKReport } from './pass-at-k-report';
import { measurePassAtK, passAtKCell, passAtKRows, rivalFactRows, sampleCounts } from './pass-at-k';
import { modelCompleter, type Completer } from './rollouts';

/** C(n, r) exactly, for checking the estimator against its definition. */
function choose(n: number, r: number): bigint {
  if (r < 0 || r > n) return 0n;
  let out = 1n;
  for (let i = 1; i <= r; i++) out = (out * BigInt(n - r + i)) / BigInt(i);
  return out;
}

/** pass@k straight from its formula, 1 - C(n-c, k) / C(n, k). */
const formula = (n: number, c: number, k: number) => 1 - Number(choose(n - c, k)) / Number(choose(n, k));

/** The first times-table fact of each knowledge group, e.g. "3*7". */
const factOf = (group: FactGroup): string => [...factGroups(mathFamily)].find(([, g]) => g === group)![0];

function problem(...groups: FactGroup[]): Problem {
  const text = groups.map(factOf).join('+').padEnd(mathFamily.problemWidth, '.');
  return { family: 'math', difficulty: groups.length, text, ...mathSolution(text), hidden: '' };
}

/**
 * A stand-in model whose counts per problem are known in advance: in each batch the first
 * `right(problem text)` rows write the reference trace and answer, the next `guessed` rows the
 * right answer after a wrong trace, and the rest the reference trace with an answer one off.
 */
function scripted(right: (text: string) => number, calls: SamplingOptions[] = [], guessed: (text: string) => number = () => 0): Completer {
  return async (prompts, sampling) => {
    calls.push(sampling);
    const text = /<bos>(.*)<sol>$/.exec(prompts[0]!)![1]!;
    expect(new Set(prompts).size, 'one problem a call').toBe(1);
    const { trace, answer } = mathSolution(text);
    const r = right(text);
    return prompts.map((_, i) => (i < r ? `${trace}<answer>${answer}` : i < r + guessed(text) ? `00:0<answer>${answer}` : `${trace}<answer>${(Number(answer) + 1) % 10}`) + '<eos>');
  };
}

const N = 16;
const KS = [1, 4, 16];

describe('pass@k of each model alone', () => {
  it('counts right answers per problem, and those with the reference trace, one sampler call of n rows each, with its own seed', async () => {
    const problems = [problem('shared', 'shared'), problem('A', 'shared'), problem('B', 'neither')];
    const calls: SamplingOptions[] = [];
    const c = [5, 0, 12];
    const g = [2, 3, 4];
    const at = (xs: number[]) => (t: string) => xs[problems.findIndex((p) => p.text === t)]!;
    const counts = await sampleCounts(scripted(at(c), calls, at(g)), mathFamily, problems, { samples: N, temperature: 1, topP: 1, maxNewTokens: completionBudget(mathFamily), seed: 3 });
    expect(counts).toEqual({ right: [7, 3, 16], referenceTrace: c });
    expect(calls.map((s) => s.chunkSize)).toEqual([N, N, N]);
    expect(calls.every((s) => s.temperature === 1 && s.topP === 1)).toBe(true);
    expect(new Set(calls.map((s) => s.seed)).size).toBe(3);
  });

  it('is the unbiased estimator: the mean of 1 - C(n-c, k) / C(n, k) over problems', () => {
    const counts = [0, 1, 3, 8, 15, 16];
    for (const k of KS) {
      const want = counts.reduce((s, c) => s + formula(N, c, k), 0) / counts.length;
      const cell = passAtKCell(counts, N, k);
      expect(cell.mean).toBeCloseTo(want, 12);
      expect(cell.low).toBeLessThanOrEqual(cell.mean);
      expect(cell.high).toBeGreaterThanOrEqual(cell.mean);
    }
    // pass@1 is the plain solve rate; pass@n is whether any sample was right.
    expect(passAtKCell(counts, N, 1).mean).toBeCloseTo(43 / 96, 12);
    expect(passAtKCell(counts, N, N).mean).toBeCloseTo(5 / 6, 12);
  });

  it('gives a group that never solves anything an interval above 0 (Clopper-Pearson on its problems)', () => {
    const none = passAtKCell(Array(200).fill(0), N, 16);
    expect(none.mean).toBe(0);
    expect(none.low).toBe(0);
    expect(none.high).toBeCloseTo(1 - 0.025 ** (1 / 200), 6);
    expect(passAtKCell(Array(10).fill(N), N, 4)).toMatchObject({ mean: 1, high: 1 });
  });

  it('splits the problems by knowledge group, each row from its own problems, "all" first', () => {
    // A solves its own facts' problem often, B's rarely; B the reverse.
    const problems = [problem('shared', 'shared'), problem('A', 'shared'), problem('A', 'A'), problem('B', 'shared'), problem('neither', 'A')];
    const right = { A: [16, 12, 8, 0, 1], B: [16, 0, 1, 14, 0] };
    // B's right answers on A's problems are all guesses after a wrong step.
    const counts = { A: { right: right.A, referenceTrace: right.A }, B: { right: right.B, referenceTrace: [16, 0, 0, 14, 0] } };
    const rows = passAtKRows(mathFamily, problems, counts, N, KS);
    expect(rows.map((r) => [r.group, r.problems])).toEqual([['all', 5], ['shared', 1], ['A only', 2], ['B only', 1], ['neither', 1]]);
    const aOnly = rows[2]!;
    expect(aOnly.A.map((cell) => cell.k)).toEqual(KS);
    KS.forEach((k, i) => {
      expect(aOnly.A[i]!.mean).toBeCloseTo((formula(N, 12, k) + formula(N, 8, k)) / 2, 12);
      expect(aOnly.B[i]!.mean).toBeCloseTo((formula(N, 0, k) + formula(N, 1, k)) / 2, 12);
      expect(rows[0]!.B[i]!.mean).toBeCloseTo(right.B.reduce((s, c) => s + formula(N, c, k), 0) / 5, 12);
      expect(aOnly.referenceTrace.A[i]!.mean).toBe(aOnly.A[i]!.mean);
    });
    // B never samples a right answer on one of A's problems and once in 16 on the other: pass@16 one half.
    expect(aOnly.B[2]!.mean).toBe(0.5);
    // ... and that once was a guess: with the reference trace, nothing.
    expect(aOnly.referenceTrace.B.map((cell) => cell.mean)).toEqual([0, 0, 0]);
  });

  it('says, per fact only one model was taught, how often the other finds it, on that group\'s problems that need it', () => {
    const problems = [problem('shared', 'shared'), problem('A', 'shared'), problem('A', 'A'), problem('B', 'shared'), problem('neither', 'A')];
    const right = { A: [16, 12, 8, 3, 1], B: [16, 0, 1, 14, 0] };
    const counts = { A: { right: right.A, referenceTrace: right.A }, B: { right: right.B, referenceTrace: right.B } };
    const rows = rivalFactRows(mathFamily, problems, counts, N, KS);
    // A's first fact: B on the two "A only" problems (0 and 1 right); the "neither" one that needs it too is not counted.
    // B's first fact: A on its one problem (3 right). No other private fact is needed.
    expect(rows.map((r) => [r.fact, r.taughtTo, r.problems]).sort()).toEqual([[factOf('A'), 'A', 2], [factOf('B'), 'B', 1]].sort());
    const ofA = rows.find((r) => r.taughtTo === 'A')!;
    KS.forEach((k, i) => expect(ofA.rival[i]!.mean).toBeCloseTo((formula(N, 0, k) + formula(N, 1, k)) / 2, 12));
    const ofB = rows.find((r) => r.taughtTo === 'B')!;
    KS.forEach((k, i) => expect(ofB.rival[i]!.mean).toBeCloseTo(formula(N, 3, k), 12));
    const report = passAtKReport({ command: '', split: 'test-hard', problems: 5, samples: N, temperature: 1, topP: 1, seed: 1, ks: KS, rows: passAtKRows(mathFamily, problems, counts, N, KS), byRivalFact: rows });
    expect(report).toContain(`| ${factOf('B')} | B | 1 | ${(100 * formula(N, 3, 1)).toFixed(1)} / `);
  });

  it('measures both models on the first test-hard problems with known counts, and prints them', async () => {
    const right = (text: string) => text.charCodeAt(0) % 5;
    const models = { A: scripted(right), B: scripted(() => 0, [], () => 1) };
    const p = passAtKSchema.parse(await measurePassAtK(models, mathFamily, { problems: 6, samples: N, ks: KS, seed: 2, command: 'npm run diagnose -- --task math' }));
    expect(p).toMatchObject({ split: 'test-hard', problems: 6, samples: N, temperature: 1, topP: 1, ks: KS });
    expect(p.rows[0]!.problems).toBe(6);
    // B guesses one answer in 16 right, after a wrong step.
    expect(p.rows[0]!.B.map((c) => c.mean)).toEqual([1 / 16, 0.25, 1]);
    expect(p.rows[0]!.referenceTrace.B.map((c) => c.mean)).toEqual([0, 0, 0]);
    expect(p.rows.slice(1).reduce((s, r) => s + r.problems, 0)).toBe(6);
    const report = passAtKReport(p);
    expect(report).toContain('| model | all (6) |');
    expect(p.byRivalFact!.reduce((s, r) => s + r.problems, 0)).toBeGreaterThanOrEqual(p.rows.filter((r) => r.group === 'A only' || r.group === 'B only').reduce((s, r) => s + r.problems, 0));
    expect(report).toContain('| B | 6.3 / 25.0 / 100.0 |');
    expect(report).toContain('| B | 0.0 / 0.0 / 0.0 |');
    await expect(measurePassAtK(models, mathFamily, { problems: 6, samples: 4, ks: [1, 8], seed: 2, command: '' })).rejects.toThrow(/every k/);
  });
});

describe('pass@k on a tiny transformer', () => {
  beforeAll(async () => {
    await tf.setBackend('wasm');
    await tf.ready();
  });

  it('samples reproducibly and frees its tensors', async () => {
    const config = { ...TINY_CONFIG, vocabSize: VOCAB_SIZE, maxLen: maxSequenceLength(mathFamily) };
    const [a, b] = [new Transformer(config, 1), new Transformer(config, 2)];
    const models = { A: modelCompleter(a), B: modelCompleter(b) };
    const setup = { problems: 2, samples: 4, ks: [1, 4], seed: 1, command: '' };
    const before = tf.memory().numTensors;
    const first = await measurePassAtK(models, mathFamily, setup);
    expect(tf.memory().numTensors).toBe(before);
    expect(first.rows[0]!.A.map((c) => c.k)).toEqual([1, 4]);
    expect(await measurePassAtK(models, mathFamily, setup)).toEqual(first);
    a.dispose();
    b.dispose();
  });
});
