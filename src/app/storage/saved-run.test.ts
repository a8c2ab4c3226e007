import { describe, expect, it } from 'vitest';
import { DEFAULT_EXPERIMENT } from '../../core/experiment/config';
import { applyWorkerEvent, startedRun, type RunState } from '../store/run-state';
import { agonRound, candidate, evalPoint } from '../testing/fixtures';
import { boundedRounds, runStateFrom, SAVED_FULL_ROUNDS, savedRunFrom, type SaveMeta } from './saved-run';

const config = { ...DEFAULT_EXPERIMENT, methods: ['agon' as const, 'zero-shot' as const] };
const meta: SaveMeta = { id: 'r1', name: 'first', origin: 'here', environment: null, savedAt: 5 };

function midRun(rounds: number): RunState {
  let run = startedRun(config, 1);
  const event = (e: Parameters<typeof applyWorkerEvent>[1]) => (run = applyWorkerEvent(run, e));
  event({ type: 'base-pair', pair: { id: 'math:x:y', files: { a: 'a', b: 'b' }, bytes: 2 } });
  event({ type: 'experiment', event: { type: 'eval', arm: 'base', point: evalPoint(0, { 'zero-shot': { candidates: [candidate('A', 3, 10)], chosen: 0 } }) } });
  for (let step = 0; step < rounds; step++) event({ type: 'experiment', event: { type: 'round', arm: 'agon', round: agonRound(step) } });
  event({ type: 'experiment', event: { type: 'checkpoint', arm: 'agon', member: 'A', step: rounds, bytes: new Uint8Array([1, 2, 3]), optimizer: new Uint8Array([0]), evalTokens: 10 } });
  return run;
}

describe('saved runs', () => {
  it('keeps every round summary but the texts of the last few rounds only', () => {
    const run = midRun(SAVED_FULL_ROUNDS + 5);
    const bounded = boundedRounds(run.rounds);
    expect(bounded).toHaveLength(SAVED_FULL_ROUNDS + 5);
    expect(bounded.filter((r) => r.round)).toHaveLength(SAVED_FULL_ROUNDS);
    expect(bounded.at(-1)?.round).toBe(run.rounds.at(-1)?.round);
    expect(bounded[0]?.round).toBeUndefined();
  });

  it('shows a run saved mid-run as interrupted, with its curves, rounds and checkpoints', () => {
    const run = midRun(2);
    const saved = savedRunFrom(run, meta)!;
    expect(saved.status).toBe('running');
    const back = runStateFrom(saved, run.checkpoints);
    expect(back.status).toBe('interrupted');
    expect(back.arms).toEqual(run.arms);
    expect(back.rounds).toEqual(run.rounds);
    expect(back.config).toEqual(config);
    expect(back.checkpoints.map((c) => [c.arm, c.member, c.step])).toEqual([['agon', 'A', 2]]);
  });

  it('keeps the status of a run that ended', () => {
    const saved = savedRunFrom({ ...midRun(1), status: 'cancelled' }, meta)!;
    expect(runStateFrom(saved, []).status).toBe('cancelled');
  });

  it('has nothing to save before a run starts', () => {
    expect(savedRunFrom(startedRun(config, 1), meta)?.status).toBe('loading');
    expect(savedRunFrom({ ...startedRun(config, 1), status: 'idle' }, meta)).toBeNull();
  });
});
