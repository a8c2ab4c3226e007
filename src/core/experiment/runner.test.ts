import { beforeAll, describe, expect, it } from 'vitest';
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import { outcomesProblem } from '../eval/outcomes';
import { decodeCheckpoint, encodeCheckpoint } from '../model/checkpoint';
import { Transformer } from '../model/transformer';
import { mathFamily } from '../tasks/math';
import { maxSequenceLength } from '../tasks/budget';
import { bucketLength } from '../model/buckets';
import { TOKENIZER_VERSION, VOCAB_SIZE } from '../tokenizer/tokenizer';
import { DEFAULT_EXPERIMENT, type ExperimentConfig } from './config';
import type { ExperimentEvent } from './events';
import { experimentFamily } from './experiment-family';
import { armsFor, ExperimentRunner, trainingProblems } from './runner';
import { METHODS } from './methods';

const env = { backend: 'wasm', tfjsVersion: tf.version.tfjs, appVersion: 'test', platform: 'node' };

/** `headInA` fills model A's output head (a bias-free matrix) with one value: the largest float32 makes every logit infinite, and so the loss NaN. */
function tinyPair(options: { headInA?: number } = {}) {
  const config = { vocabSize: VOCAB_SIZE, dModel: 16, nLayers: 1, nHeads: 2, dFF: 32, maxLen: bucketLength(maxSequenceLength(mathFamily)) };
  const bytes = (seed: number, head?: number) => {
    const m = new Transformer(config, seed);
    if (head !== undefined) m.weights.at(-1)!.assign(tf.fill(m.weights.at(-1)!.shape, head));
    const out = encodeCheckpoint(m, { tokenizerVersion: TOKENIZER_VERSION });
    m.dispose();
    return out;
  };
  return { a: bytes(1, options.headInA), b: bytes(2) };
}

const MAX_FLOAT32 = 3.4028234663852886e38;

const micro: ExperimentConfig = {
  ...DEFAULT_EXPERIMENT,
  steps: 2,
  problems_per_step: 2,
  eval_every: 1,
  eval_problems: 10,
  rl: { ...DEFAULT_EXPERIMENT.rl, num_generations: 2 },
};

describe('experiment runner', () => {
  beforeAll(async () => {
    await tf.setBackend('wasm');
  });

  it('feeds every arm the same training problems, fixed by the seed', () => {
    expect(trainingProblems(mathFamily, 1, 3, 4)).toEqual(trainingProblems(mathFamily, 1, 3, 4));
    expect(trainingProblems(mathFamily, 1, 3, 4)).not.toEqual(trainingProblems(mathFamily, 1, 4, 4));
  });

  it('trains each needed arm once, base first', () => {
    expect(armsFor(['moa', 'grpo-self-cascade', 'agon', 'grpo', 'zero-shot'])).toEqual(['base', 'grpo', 'agon']);
  });

  it('estimates the time left from measured phases (a fake clock: every phase takes 5 ms)', async () => {
    let t = 0;
    const runner = new ExperimentRunner({ ...micro, methods: ['agon', 'grpo', 'moa', 'zero-shot'] }, tinyPair(), env, null, { now: () => (t += 5) });
    const etas: number[] = [];
    runner.on((e) => e.type === 'progress' && etas.push(e.progress.etaMs!));
    await runner.run();
    // Phases: the base pair's evaluation, then GRPO and Agon in turn: each evaluated at step 0
    // before its first step, and each step followed by an evaluation: 11. A step's progress
    // comes after its phase.
    const done = [3, 6, 8, 10];
    expect(etas).toEqual(done.map((d) => (11 - d) * 5));
  });

  it('runs every method end to end and records rounds, curves and a table', async () => {
    const runner = new ExperimentRunner({ ...micro, methods: [...METHODS] }, tinyPair(), env);
    const events: ExperimentEvent[] = [];
    runner.on((e) => events.push(e));
    const before = tf.memory().numTensors;
    const result = await runner.run();
    expect(events.filter((e) => e.type === 'arm-error')).toEqual([]);
    expect(result.status).toBe('complete');
    expect(tf.memory().numTensors).toBe(before);
    expect(Object.keys(result.arms)).toEqual(['base', 'grpo', 'agon', 'agon-fixed-roles', 'agon-shared-opponent', 'agon-margin', 'agon-cooperative']);
    expect(result.arms.base!.curve).toHaveLength(1);
    expect(result.arms.agon!.curve.map((p) => p.step)).toEqual([0, 1, 2]);
    expect(result.table.map((r) => r.method)).toEqual([...METHODS]);
    const agonRow = result.table.find((r) => r.method === 'agon')!;
    expect(agonRow.candidates.map((c) => c.name)).toEqual(['A->B', 'B->A']);
    expect(result.table.find((r) => r.method === 'grpo')!.candidates.map((c) => c.name)).toEqual(['A']);
    expect(result.table.find((r) => r.method === 'self-refine')!.candidates.map((c) => c.name)).toEqual(['A->A', 'B->B']);
    // Every row keeps which problems it got right, adding up to its score (the paired column needs them).
    for (const row of result.table) expect(outcomesProblem(row.testOutcomes!, row.test.correct, row.test.n), row.method).toBeNull();
    const rounds = events.filter((e) => e.type === 'round' && e.arm === 'agon');
    expect(rounds.map((e) => (e.type === 'round' && e.round.kind === 'agon' ? e.round.drafter : null))).toEqual(['A', 'B']);
    const fixed = events.filter((e) => e.type === 'round' && e.arm === 'agon-fixed-roles');
    expect(fixed.map((e) => (e.type === 'round' && e.round.kind === 'agon' ? e.round.drafter : null))).toEqual(['A', 'A']);
    const round = rounds[0]!.type === 'round' ? rounds[0]!.round : null;
    expect(round?.kind === 'agon' && round.problems[0]!.pairs).toHaveLength(2);
    expect(events.at(-1)?.type).toBe('done');
  }, 600_000);

  it('emits the trained weights as checkpoints after each evaluation of a trained arm', async () => {
    const pair = tinyPair();
    const runner = new ExperimentRunner({ ...micro, methods: ['grpo', 'zero-shot'] }, pair, env);
    const checkpoints: Extract<ExperimentEvent, { type: 'checkpoint' }>[] = [];
    runner.on((e) => {
      if (e.type === 'checkpoint') checkpoints.push(e);
    });
    await runner.run();
    // GRPO trains model A only; the untrained base arm leaves no checkpoint.
    expect(checkpoints.map((c) => [c.arm, c.member, c.step])).toEqual([['grpo', 'A', 1], ['grpo', 'A', 2]]);
    const last = decodeCheckpoint(checkpoints[1]!.bytes, 'the last checkpoint');
    expect(last.extra).toMatchObject({ arm: 'grpo', member: 'A', step: 2, seed: micro.seed });
    // Same architecture as the base model it was trained from, so it loads wherever the base does.
    const base = decodeCheckpoint(pair.a, 'the base A');
    expect(last.config).toEqual(base.config);
    expect([...last.tensors.keys()]).toEqual([...base.tensors.keys()]);
  }, 600_000);

  it('estimates unbiased pass@k from eval_samples rollouts when asked', async () => {
    const result = await new ExperimentRunner({ ...micro, methods: ['zero-shot', 'moa'], eval_samples: 3, pass_k: 2 }, tinyPair(), env).run();
    for (const row of result.table) {
      const candidate = result.arms.base!.curve[0]!.readouts[row.method]!.candidates[0]!;
      expect(candidate.passAtK).toMatchObject({ n: 3, k: 2 });
      expect(candidate.passAtK!.value).toBeGreaterThanOrEqual(0);
      expect(candidate.passAtK!.value).toBeLessThanOrEqual(1);
    }
  }, 600_000);

  it('is deterministic for a seed on one backend', async () => {
    const config = { ...micro, methods: ['agon', 'grpo'] as ExperimentConfig['methods'] };
    const a = await new ExperimentRunner(config, tinyPair(), env).run();
    const b = await new ExperimentRunner(config, tinyPair(), env).run();
    expect(b.arms).toEqual(a.arms);
    const c = await new ExperimentRunner({ ...config, seed: 2 }, tinyPair(), env).run();
    expect(c.arms).not.toEqual(a.arms);
  }, 600_000);

  it('trains on the config\'s hard split when it names one', async () => {
    const config: ExperimentConfig = { ...micro, steps: 1, methods: ['grpo'], hard_difficulties: [2] };
    const runner = new ExperimentRunner(config, tinyPair(), env);
    const texts: string[] = [];
    runner.on((e) => e.type === 'round' && e.round.kind === 'grpo' && texts.push(...e.round.problems.map((p) => p.text)));
    await runner.run();
    const hard = trainingProblems(experimentFamily(config), config.seed, 0, config.problems_per_step);
    expect(hard.every((p) => p.difficulty === 2)).toBe(true);
    expect(texts).toEqual(hard.map((p) => p.text));
  }, 600_000);

  it('stops an arm whose loss turns NaN, with a clear error, keeping what it measured', async () => {
    const events: ExperimentEvent[] = [];
    const runner = new ExperimentRunner({ ...micro, methods: ['grpo', 'zero-shot'] }, tinyPair({ headInA: MAX_FLOAT32 }), env);
    runner.on((e) => events.push(e));
    const result = await runner.run();
    expect(result.status).toBe('failed');
    expect(result.arms.grpo!.error).toMatch(/grpo stopped at step 0: policy loss became NaN/);
    expect(result.arms.grpo!.curve.map((p) => p.step)).toEqual([0]);
    expect(events.some((e) => e.type === 'arm-error' && e.arm === 'grpo')).toBe(true);
    expect(result.table.map((r) => r.method)).toEqual(['grpo', 'zero-shot']);
  }, 600_000);

  it('refuses a base pair with non-finite weights before training, saying which model and tensor', async () => {
    const runner = new ExperimentRunner({ ...micro, methods: ['grpo'] }, tinyPair({ headInA: Number.NaN }), env);
    await expect(runner.run()).rejects.toThrow(/^base pair shipped, model A: tensor "head" holds NaN at index 0/);
  }, 600_000);

  it('pauses, steps exactly one round, resumes and cancels keeping what was measured', async () => {
    const runner = new ExperimentRunner({ ...micro, methods: ['grpo'], steps: 50, eval_every: 100 }, tinyPair(), env);
    const rounds: number[] = [];
    runner.on((e) => {
      if (e.type === 'round') rounds.push(e.round.step);
    });
    runner.pause();
    const done = runner.run();
    await new Promise((r) => setTimeout(r, 1500));
    expect(rounds).toEqual([]);
    runner.stepOnce();
    await waitFor(() => rounds.length === 1);
    await new Promise((r) => setTimeout(r, 1000));
    expect(rounds).toEqual([0]);
    runner.resume();
    await waitFor(() => rounds.length >= 3);
    runner.cancel();
    const result = await done;
    expect(result.status).toBe('cancelled');
    expect(result.arms.grpo!.stepsDone).toBe(rounds.length);
    expect(result.arms.grpo!.curve[0]!.step).toBe(0);
  }, 600_000);
});

async function waitFor(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 600 && !condition(); i++) await new Promise((r) => setTimeout(r, 50));
  if (!condition()) throw new Error('timed out waiting');
}
