import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import { decodeCheckpoint } from '../model/checkpoint';
import { basePairId } from './base-pair';
import { DEFAULT_EXPERIMENT, type ExperimentConfig } from './config';
import type { ExperimentEvent } from './events';
import type { ArmResult } from './result';
import { planResume, restartSteps, type SavedState } from './resume';
import { ExperimentRunner } from './runner';

const env = { backend: 'wasm', tfjsVersion: tf.version.tfjs, appVersion: 'test', platform: 'node' };

// The shipped pair, not random weights: a random model's samples all score alike, so
// nothing would be trained and a continuation would match for the wrong reason. Temperature 2:
// the shipped math models are nearly deterministic at 1 (sampled pass@1 = greedy), so groups of
// 4 samples mostly score alike too and a short run may not move the weights.
const pair = { a: new Uint8Array(readFileSync('public/checkpoints/math-a.ckpt')), b: new Uint8Array(readFileSync('public/checkpoints/math-b.ckpt')) };
const config: ExperimentConfig = {
  ...DEFAULT_EXPERIMENT,
  methods: ['agon', 'zero-shot'],
  base_pair: basePairId('math', pair.a, pair.b),
  steps: 4,
  problems_per_step: 4,
  eval_every: 2,
  eval_problems: 10,
  rl: { ...DEFAULT_EXPERIMENT.rl, num_generations: 4, learning_rate: 0.01, temperature: 2 },
};

describe('continuing a run that was cut short', () => {
  beforeAll(async () => {
    await tf.setBackend('wasm');
  });

  it('gives the same curves as the run that was not interrupted', async () => {
    const states: SavedState[] = [];
    const full = new ExperimentRunner(config, pair, env);
    full.on((e: ExperimentEvent) => {
      if (e.type === 'checkpoint') states.push({ arm: e.arm, member: e.member, step: e.step, weights: e.bytes, optimizer: e.optimizer, evalTokens: e.evalTokens });
    });
    const uninterrupted = await full.run();
    const agon = uninterrupted.arms.agon!;

    // Cut after a round past the evaluation at step 2: what a reload at that moment leaves.
    const cutArms: Record<string, ArmResult> = { base: uninterrupted.arms.base!, agon: { curve: agon.curve.filter((p) => p.step <= 2), stepsDone: 3, evalTokens: 0 } };
    const plan = planResume(config, config.base_pair, cutArms, states.filter((s) => s.step <= 2))!;
    expect(Object.keys(plan.done)).toEqual(['base']);
    expect(plan.cuts.agon?.step).toBe(2);
    expect(Object.keys(plan.cuts.agon!.members).sort()).toEqual(['A', 'B']);
    // Training did move the weights, so the state carried over matters.
    const trained = decodeCheckpoint(plan.cuts.agon!.members.A!.weights, 'the trained A').tensors;
    const base = decodeCheckpoint(pair.a, 'the base A').tensors;
    expect([...trained.keys()].some((k) => trained.get(k)!.some((v, i) => v !== base.get(k)![i]))).toBe(true);

    const rounds: number[] = [];
    const continued = new ExperimentRunner(config, pair, env, plan);
    continued.on((e) => {
      if (e.type === 'round') rounds.push(e.round.step);
    });
    const before = tf.memory().numTensors;
    const result = await continued.run();
    expect(tf.memory().numTensors).toBe(before);
    expect(rounds).toEqual([2, 3]);
    expect(result.status).toBe('complete');
    expect(result.arms).toEqual(uninterrupted.arms);
    expect(result.table).toEqual(uninterrupted.table);
  }, 600_000);

  it('starts a cut arm over when no evaluation after training left a state, and has nothing to do for a finished run', () => {
    const base: ArmResult = { curve: [{ step: 0, tokensGenerated: 0, tokensTrained: 0, readouts: {} }], stepsDone: 0, evalTokens: 0 };
    const early = planResume(config, 'id', { base, agon: { ...base, stepsDone: 1 } }, []);
    expect(early).toEqual({ basePair: 'id', done: { base }, cuts: {} });
    const end: ArmResult = { curve: [...base.curve, { ...base.curve[0]!, step: 4 }], stepsDone: 4, evalTokens: 0 };
    expect(planResume(config, 'id', { base, agon: end }, [])).toBeNull();
  });

  it("plans a sweep's points by their arms' names: a finished point kept, the others run from the start", () => {
    const swept: ExperimentConfig = { ...config, methods: ['zero-shot'], sweep: { field: 'bonus_weight', values: [1, 2, 3], arm: {} } };
    const base: ArmResult = { curve: [{ step: 0, tokensGenerated: 0, tokensTrained: 0, readouts: {} }], stepsDone: 0, evalTokens: 0 };
    const end: ArmResult = { curve: [...base.curve, { ...base.curve[0]!, step: 4 }], stepsDone: 4, evalTokens: 0 };
    // bonus_weight=1 is Agon's fields, so it reads Agon's arm; the other points train arms of their own names.
    const plan = planResume(swept, 'id', { base, agon: end, 'bonus_weight=2': { ...base, stepsDone: 1 } }, [])!;
    expect(plan).toEqual({ basePair: 'id', done: { base, agon: end }, cuts: {} });
    expect(restartSteps(swept, plan)).toEqual({ 'bonus_weight=2': 0, 'bonus_weight=3': 0 });
  });

  it('an interrupted run (a lost device) throws, says no done, and leaves records a continuation picks up from', async () => {
    const short: ExperimentConfig = { ...config, steps: 3, eval_every: 1, problems_per_step: 1 };
    const states: SavedState[] = [];
    const events: string[] = [];
    const runner = new ExperimentRunner(short, pair, env);
    const lost = new Error('device lost');
    runner.on((e) => {
      events.push(e.type);
      if (e.type === 'checkpoint') states.push({ arm: e.arm, member: e.member, step: e.step, weights: e.bytes, optimizer: e.optimizer, evalTokens: e.evalTokens });
      if (e.type === 'round' && e.round.step === 1) runner.interrupt(lost);
    });
    const before = tf.memory().numTensors;
    await expect(runner.run()).rejects.toBe(lost);
    expect(tf.memory().numTensors).toBe(before);
    expect(events).not.toContain('done');
    expect(events).not.toContain('arm-error');
    const records = runner.records();
    expect(records.agon?.curve.map((p) => p.step)).toEqual([0, 1, 2]);
    const plan = planResume(short, short.base_pair, records, states)!;
    expect(Object.keys(plan.done)).toEqual(['base']);
    expect(restartSteps(short, plan)).toEqual({ agon: 2 });
    // Without any saved state the arm starts over.
    expect(restartSteps(short, planResume(short, short.base_pair, records, [])!)).toEqual({ agon: 0 });
  }, 600_000);

  it('refuses to continue from another base pair', () => {
    expect(() => new ExperimentRunner(config, pair, env, { basePair: 'math:other', done: {}, cuts: {} })).toThrow(/not be the same run/);
  });
});
