import { describe, expect, it } from 'vitest';
import { DEFAULT_EXPERIMENT, type ExperimentConfig } from '../../core/experiment/config';
import { buildTable, headline, RESULT_SCHEMA, RESULT_VERSION, type ExperimentResult } from '../../core/experiment/result';
import { configForSeed } from '../../core/experiment/seeds';
import { continuedRun, continueLabel, continuePlan } from '../storage/continue-run';
import { runStateFrom, savedRunFrom, type SavedRun } from '../storage/saved-run';
import { agonRound, candidate, evalPoint } from '../testing/fixtures';
import type { WorkerEvent } from '../worker/protocol';
import { formFromPreset, issueFor, seedsFieldText, setNumberText, setSeedsText } from './config-form';
import { progressView } from './progress-view';
import { applyWorkerEvent, startedRun, type RunState } from './run-state';

const config: ExperimentConfig = { ...DEFAULT_EXPERIMENT, methods: ['agon', 'zero-shot'], steps: 4, eval_every: 2, seed: 1, seeds: [1, 2, 3] };
const readout = (correct: number) => ({ candidates: [candidate('A->B', correct, 10)], chosen: 0 });
const ex = (event: Extract<WorkerEvent, { type: 'experiment' }>['event']): WorkerEvent => ({ type: 'experiment', event });

function seedResult(seed: number, correct: number, status: ExperimentResult['status'] = 'complete'): ExperimentResult {
  const c = configForSeed(config, seed);
  const arms = {
    agon: { curve: [evalPoint(0, { agon: readout(1) }), evalPoint(2, { agon: readout(correct) })], stepsDone: 2, evalTokens: 0 },
    base: { curve: [evalPoint(0, { 'zero-shot': readout(2) })], stepsDone: 0, evalTokens: 0 },
  };
  const table = buildTable(c, arms);
  return { schema: RESULT_SCHEMA, version: RESULT_VERSION, status, config: c, environment: { backend: 'wasm', tfjsVersion: '4', appVersion: '0', platform: 'test' }, startedAt: '2026-01-01T00:00:00.000Z', finishedAt: '2026-01-01T00:01:00.000Z', arms, table, headline: headline(table) };
}

/** Seed 1 finished; seed 2 cut after two rounds and its evaluation (and checkpoints) at step 2 of 4. */
function cutInSeed2(): RunState {
  const events: WorkerEvent[] = [
    { type: 'base-pair', pair: { id: 'math:a:b', files: { a: 'a', b: 'b' }, bytes: 2 } },
    { type: 'seed', seed: 1 },
    ex({ type: 'round', arm: 'agon', round: agonRound(0) }),
    ex({ type: 'done', result: seedResult(1, 6) }),
    { type: 'seed', seed: 2 },
    ex({ type: 'eval', arm: 'agon', point: evalPoint(0, { agon: readout(1) }) }),
    ex({ type: 'round', arm: 'agon', round: agonRound(0) }),
    ex({ type: 'round', arm: 'agon', round: agonRound(1) }),
    ex({ type: 'checkpoint', arm: 'agon', member: 'A', step: 2, bytes: new Uint8Array([2]), optimizer: new Uint8Array([0]), evalTokens: 7 }),
    ex({ type: 'checkpoint', arm: 'agon', member: 'B', step: 2, bytes: new Uint8Array([2]), optimizer: new Uint8Array([0]), evalTokens: 7 }),
    ex({ type: 'eval', arm: 'agon', point: evalPoint(2, { agon: readout(5) }) }),
  ];
  return events.reduce(applyWorkerEvent, startedRun(config, 0));
}

describe('the seeds field', () => {
  it('sets seed and seeds from "1,2,3", and shows the list back', () => {
    const form = setSeedsText(formFromPreset('micro', 'math'), '4, 5,6');
    expect(form.config).toMatchObject({ seed: 4, seeds: [4, 5, 6] });
    expect(seedsFieldText(form)).toBe('4, 5,6');
    const one = setSeedsText(form, '9');
    expect(one.config?.seed).toBe(9);
    expect(one.config && 'seeds' in one.config).toBe(false);
  });

  it('refuses a bad list on the field, and keeps refusing it while other fields change', () => {
    let form = setSeedsText(formFromPreset('micro', 'math'), '1,,x');
    expect(form.config).toBeNull();
    expect(issueFor(form, 'seeds')).toBe('seed 2 of the list is empty (two commas in a row, or one at an end?)');
    form = setNumberText(form, 'steps', '3');
    expect(form.config).toBeNull();
    expect(issueFor(form, 'seeds')).toMatch(/empty/);
    expect(setSeedsText(form, '1,2').config).toMatchObject({ steps: 3, seeds: [1, 2] });
  });
});

describe('a run of several seeds', () => {
  it('runs the seeds in turn: each seed starts fresh, its result is kept, and the run ends after the last', () => {
    let s = cutInSeed2();
    expect(s.status).toBe('running');
    expect(s.seed).toBe(2);
    expect(s.seedResults.map((r) => r.config.seed)).toEqual([1]);
    // Seed 2's own rounds and checkpoints only.
    expect(s.rounds).toHaveLength(2);
    expect(s.checkpoints.map((c) => c.seed)).toEqual([2, 2]);
    expect(progressView(s, 1)).toMatchObject({ roundsDone: 6, roundsTotal: 12 });
    // Time left: this seed's estimate, plus a whole seed (elapsed + estimate) for seed 3.
    const progress = { arm: 'agon', armIndex: 0, arms: 2, step: 2, steps: 4, tokensGenerated: 0, tokensTrained: 0, evalTokens: 0, elapsedMs: 3000, etaMs: 1000 };
    expect(progressView(applyWorkerEvent(s, ex({ type: 'progress', progress })), 1).etaMs).toBe(5000);
    s = [ex({ type: 'done', result: seedResult(2, 5) }), { type: 'seed', seed: 3 } as WorkerEvent, ex({ type: 'done', result: seedResult(3, 4) })].reduce(applyWorkerEvent, s);
    expect(s.status).toBe('complete');
    expect(s.seedResults.map((r) => r.config.seed)).toEqual([1, 2, 3]);
  });

  it('a seed that is stopped ends the run, and is not pooled', () => {
    const s = applyWorkerEvent(cutInSeed2(), ex({ type: 'done', result: seedResult(2, 5, 'cancelled') }));
    expect(s.status).toBe('cancelled');
    expect(s.seedResults.map((r) => r.config.seed)).toEqual([1]);
    expect(s.result?.config.seed).toBe(2);
  });

  it('is saved with its seeds and reopens with all of them; the cut seed continues where it was cut', () => {
    const meta = { id: 'r', name: 'n', origin: 'here' as const, environment: null, savedAt: 1 };
    const live = cutInSeed2();
    const saved = savedRunFrom(live, meta)!;
    const reopened = runStateFrom(saved, live.checkpoints);
    expect(reopened.status).toBe('interrupted');
    expect(reopened.seed).toBe(2);
    expect(reopened.seedResults.map((r) => r.config.seed)).toEqual([1]);
    const found = continuePlan(reopened);
    if (!('plan' in found)) throw new Error(found.reason);
    expect(found.plan).toMatchObject({ finished: [1], seed: 2 });
    expect(found.plan.resume.cuts.agon).toMatchObject({ step: 2, evalTokens: 7 });
    expect(continueLabel(found.plan, 3)).toBe('Continue seed 2 from step 2');
    const next = continuedRun(reopened, found.plan, 5);
    expect(next.seed).toBe(2);
    expect(next.seedResults).toHaveLength(1);
    // The worker's 'seed' event for the seed on screen keeps what the continuation kept.
    expect(applyWorkerEvent(next, { type: 'seed', seed: 2 }).arms).toBe(next.arms);
  });

  it('continues with the next seed when the cut came between seeds, and not at all once every seed finished', () => {
    const between = { ...applyWorkerEvent(cutInSeed2(), ex({ type: 'done', result: seedResult(2, 5) })), status: 'interrupted' as const };
    const found = continuePlan(between);
    if (!('plan' in found)) throw new Error(found.reason);
    expect(found.plan).toMatchObject({ finished: [1, 2], seed: 3, resume: { basePair: 'math:a:b', done: {}, cuts: {} } });
    expect(continueLabel(found.plan, 3)).toBe('Continue with seed 3');
    const all = { ...between, seedResults: [1, 2, 3].map((seed) => seedResult(seed, 5)) };
    expect(continuePlan(all)).toEqual({ reason: 'every seed had finished' });
  });

  it('opens a run saved before seeds existed as one seed: config.seed, its result pooled when complete', () => {
    const single = { ...config, seeds: undefined, seed: 4 };
    const old = { id: 'o', name: 'old', origin: 'here', status: 'complete', startedAt: 1, savedAt: 2, config: single, environment: null, basePair: null, arms: {}, result: { ...seedResult(4, 3), config: single }, rounds: [], messages: [] } as SavedRun;
    const run = runStateFrom(old, [{ arm: 'agon', member: 'A', step: 2, bytes: new Uint8Array(), optimizer: new Uint8Array(), evalTokens: 0 }]);
    expect(run.seed).toBe(4);
    expect(run.seedResults).toHaveLength(1);
    expect(run.checkpoints).toHaveLength(1);
  });
});
