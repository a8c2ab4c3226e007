import { describe, expect, it } from 'vitest';
import { DEFAULT_EXPERIMENT } from '../../core/experiment/config';
import type { RunResume } from '../../core/experiment/resume';
import { initialRunState, type RunState } from '../store/run-state';
import { summarizeRound } from '../store/round-history';
import { agonRound, candidate, evalPoint } from '../testing/fixtures';
import { continuedRun, continueLabel, continuePlan } from './continue-run';

const config = { ...DEFAULT_EXPERIMENT, methods: ['agon' as const, 'zero-shot' as const], steps: 4, eval_every: 2 };
const readout = { candidates: [candidate('A->B', 3, 10)], chosen: 0 };
const state = (member: 'A' | 'B', step: number) => ({ arm: 'agon', member, step, bytes: new Uint8Array([step]), optimizer: new Uint8Array([0]), evalTokens: 40 });

function interrupted(): RunState {
  return {
    ...initialRunState,
    status: 'interrupted',
    config,
    startedAt: 1,
    basePair: { id: 'math:a:b', files: { a: 'a', b: 'b' }, bytes: 2 },
    arms: {
      base: { curve: [evalPoint(0, { 'zero-shot': readout })], stepsDone: 0, evalTokens: 0 },
      agon: { curve: [evalPoint(0, { agon: readout }), evalPoint(2, { agon: readout })], stepsDone: 3, evalTokens: 0 },
    },
    rounds: [0, 1, 2].map((step) => ({ summary: summarizeRound('agon', agonRound(step)), round: agonRound(step) })),
    checkpoints: [state('A', 2), state('B', 2)],
  };
}

describe('continuing an interrupted run', () => {
  it('picks up the cut arm at its last saved state and drops what came after', () => {
    const found = continuePlan(interrupted());
    if (!('plan' in found)) throw new Error(found.reason);
    expect(found.plan).toMatchObject({ seed: 1, finished: [] });
    const { resume } = found.plan;
    expect(resume.basePair).toBe('math:a:b');
    expect(Object.keys(resume.done)).toEqual(['base']);
    expect(Object.keys(resume.cuts)).toEqual(['agon']);
    expect(resume.cuts.agon).toMatchObject({ arm: 'agon', step: 2, evalTokens: 40 });
    expect(continueLabel(found.plan, 1)).toBe('Continue from step 2');
    const next = continuedRun(interrupted(), found.plan, 5);
    expect(next.status).toBe('loading');
    expect(next.arms.agon).toEqual({ curve: interrupted().arms.agon!.curve, stepsDone: 2, evalTokens: 40 });
    // Round 2 happened after the saved state: it is run again.
    expect(next.rounds.map((r) => r.summary.step)).toEqual([0, 1]);
    expect(next.checkpoints).toHaveLength(2);
    expect(next.result).toBeNull();
  });

  it('names each arm and its step when the cut arms pick up at different steps', () => {
    const cut = (arm: string, step: number) => ({ arm, step, curve: [], evalTokens: 0, members: {} });
    const plan = (cuts: RunResume['cuts']) => ({ finished: [], seed: 1, resume: { basePair: 'x', done: {}, cuts } });
    expect(continueLabel(plan({ grpo: cut('grpo', 4), agon: cut('agon', 2) }), 1)).toBe('Continue (grpo from step 4, agon from step 2)');
    expect(continueLabel(plan({}), 1)).toBe('Continue');
  });

  it('says why a run cannot be continued', () => {
    expect(continuePlan({ ...interrupted(), status: 'complete' })).toEqual({ reason: 'only an interrupted run can be continued' });
    expect(continuePlan({ ...interrupted(), basePair: null })).toMatchObject({ reason: expect.stringContaining('base pair is not known') });
    expect(continuePlan({ ...interrupted(), config: { ...config, base_pair_source: 'pretrain' } })).toMatchObject({ reason: expect.stringContaining('pretrained') });
  });
});
